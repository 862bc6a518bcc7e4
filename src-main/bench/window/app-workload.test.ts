import { afterEach, describe, expect, it, vi } from 'vitest';
import { runToDone } from './app-workload';

type Run = { id: string; state: string; pauseReason?: { code: string; message: string; at: number } };

/** A run whose `get` answers the states given, one a call; every call is logged in order. */
function scripted(
  states: Run['state'][],
  opts: { unlisted?: number; everyMs?: number; bar?: number[] } = {},
) {
  const calls: string[] = [];
  let unlisted = opts.unlisted ?? 0;
  const bar = [...(opts.bar ?? [])];
  const done = runToDone<Run>({
    start: async () => void calls.push('start'),
    listed: async () => {
      calls.push('list');
      return unlisted-- > 0 ? undefined : { id: 'run-1', state: 'running' };
    },
    get: async (run) => {
      calls.push(`get ${run.id}`);
      const state = states.shift() ?? 'running';
      return state === 'paused'
        ? {
            id: run.id,
            state,
            pauseReason: { code: 'internal', message: 'Results could not be saved', at: 1 },
          }
        : { id: run.id, state };
    },
    everyMs: opts.everyMs ?? 0,
    bar: async () => {
      calls.push('bar');
      return bar.shift() ?? 0;
    },
  });
  return { calls, done };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('runToDone', () => {
  it('starts the run, lists until the run is there, then polls it until done', async () => {
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

  it('reads the progress bar about once a second, not at every poll, and keeps its highest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    // Ten polls 300 ms apart: the bar is due at 1.2 s (over a second since the start) and 2.4 s.
    const states = [...Array<string>(9).fill('running'), 'done'];
    const { calls, done } = scripted(states, { everyMs: 300, bar: [5, 3] });
    await vi.advanceTimersByTimeAsync(3_000);
    const { barMax } = await done;
    expect(calls.filter((c) => c.startsWith('get'))).toHaveLength(10);
    expect(calls.filter((c) => c === 'bar')).toHaveLength(2);
    expect(barMax).toBe(5);
  });
});
