import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RunProgress, runToDone } from './app-workload';

type Run = { id: string; state: string; pauseReason?: { code: string; message: string; at: number } };

/**
 * A run whose `get` answers the states given, one a call (then `after`); every call is logged in
 * order. `tell` sends a progress event as the app would on the bench's socket.
 */
function scripted(
  states: Run['state'][],
  opts: { unlisted?: number; everyMs?: number; bar?: number[]; after?: string } = {},
) {
  const calls: string[] = [];
  let unlisted = opts.unlisted ?? 0;
  const bar = [...(opts.bar ?? [])];
  const listeners = new Set<(p: RunProgress) => void>();
  const done = runToDone<Run>({
    start: async () => void calls.push('start'),
    listed: async () => {
      calls.push('list');
      return unlisted-- > 0 ? undefined : { id: 'run-1', state: 'running' };
    },
    get: async (run) => {
      calls.push(`get ${run.id}`);
      const state = states.shift() ?? opts.after ?? 'running';
      return state === 'paused'
        ? {
            id: run.id,
            state,
            pauseReason: { code: 'internal', message: 'Results could not be saved', at: 1 },
          }
        : { id: run.id, state };
    },
    progress: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    everyMs: opts.everyMs ?? 0,
    bar: async () => {
      calls.push('bar');
      return bar.shift() ?? 0;
    },
  });
  const tell = (p: RunProgress) => {
    for (const l of listeners) l(p);
  };
  return { calls, done, tell, listening: () => listeners.size };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('runToDone', () => {
  it('starts the run, lists until the run is there, then reads it until done', async () => {
    const { calls, done } = scripted(['running', 'running', 'done'], { unlisted: 2 });
    const { run, wallMs } = await done;
    expect(run).toEqual({ id: 'run-1', state: 'done' });
    expect(wallMs).toBeGreaterThanOrEqual(0);
    expect(calls).toEqual(['start', 'list', 'list', 'list', 'get run-1', 'get run-1', 'get run-1']);
  });

  it('fails on a pause with its reason, and on a cancel with the state', async () => {
    await expect(scripted(['running', 'paused']).done).rejects.toThrow(
      'the bench run stopped: Results could not be saved',
    );
    await expect(scripted(['cancelled']).done).rejects.toThrow('the bench run stopped: cancelled');
  });

  it('reads the progress bar about once a second, not at every read, and keeps its highest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    // Ten reads 300 ms apart: the bar is due at 1.2 s (over a second since the start) and 2.4 s.
    const states = [...Array<string>(9).fill('running'), 'done'];
    const { calls, done } = scripted(states, { everyMs: 300, bar: [5, 3] });
    await vi.advanceTimersByTimeAsync(3_000);
    const { barMax } = await done;
    expect(calls.filter((c) => c.startsWith('get'))).toHaveLength(10);
    expect(calls.filter((c) => c === 'bar')).toHaveLength(2);
    expect(barMax).toBe(5);
  });

  it("sees the end by the run's event, not the next slow read, and times it by the event", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const { calls, done, tell, listening } = scripted([], { everyMs: 1_000, after: 'done' });
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toEqual(['start', 'list']);
    // Another run's end and this run's own progress do not end the wait.
    tell({ runId: 'run-2', state: 'done' });
    tell({ runId: 'run-1', state: 'running' });
    await vi.advanceTimersByTimeAsync(50);
    expect(calls).toEqual(['start', 'list']);
    tell({ runId: 'run-1', state: 'done' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['start', 'list', 'get run-1']);
    // Read 700 ms before the slow read was due; the wall time is the event's, 300 ms.
    const { run, wallMs } = await done;
    expect(run.state).toBe('done');
    expect(wallMs).toBe(300);
    expect(listening()).toBe(0);
  });

  it('reads a pause its event told of at once, and fails on it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const { done, tell } = scripted([], { everyMs: 60_000, after: 'paused' });
    const failed = expect(done).rejects.toThrow('Results could not be saved');
    await vi.advanceTimersByTimeAsync(10);
    tell({ runId: 'run-1', state: 'paused' });
    await vi.advanceTimersByTimeAsync(0);
    await failed;
  });

  it('waits the slow read again when a read after the event still says running', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const { calls, done, tell } = scripted(['running', 'done'], { everyMs: 1_000 });
    await vi.advanceTimersByTimeAsync(100);
    tell({ runId: 'run-1', state: 'done' });
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.filter((c) => c.startsWith('get'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    const { wallMs } = await done;
    expect(calls.filter((c) => c.startsWith('get'))).toHaveLength(2);
    expect(wallMs).toBe(100);
  });
});
