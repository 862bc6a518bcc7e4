import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../gateway/gateway-error';
import { statusError } from '../gateway/gateway-error';
import { openMemoryDatabase } from '../db/open-database';
import { videoTaskRepository } from '../db/record-repositories';
import { StorageNotices } from '../storage/storage-notices';
import { backoffDelay, NOT_YET_KNOWN_MESSAGE, type PollerClock, VideoPoller } from './video-poller';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import { parseTaskBody } from '../../../src-shared/video/video-status';
import type { VideoTask } from '../../../src-shared/video/video-task';

/** A clock whose time only moves when the test says so. */
class FakeClock implements PollerClock {
  t = 1_000_000;
  rnd = 0.5;
  private seq = 0;
  timers: { id: number; at: number; fn: () => void }[] = [];
  now = () => this.t;
  random = () => this.rnd;
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.push({ id, at: this.t + ms, fn });
    return id;
  };
  clearTimeout = (h: unknown) => {
    this.timers = this.timers.filter((x) => x.id !== h);
  };
  /** Delays of the pending timers, from now. */
  pending(): number[] {
    return this.timers.map((x) => x.at - this.t);
  }
  /** Runs the next timer (moving time to it) and lets its async work finish. */
  async fireNext(): Promise<number> {
    this.timers.sort((a, b) => a.at - b.at);
    const next = this.timers.shift();
    if (!next) throw new Error('no timer pending');
    const waited = next.at - this.t;
    this.t = next.at;
    next.fn();
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    return waited;
  }
}

const backoff = {
  firstDelayMs: 2000,
  factor: 2,
  maxDelayMs: 10_000,
  jitter: 0.2,
  rateLimitMinMs: 15_000,
  unseenExpiryMs: 600_000,
};
let db: DatabaseSync;
let clock: FakeClock;

function store() {
  return videoTaskRepository({ db, notices: new StorageNotices() });
}

function task(id: string, extra: Partial<VideoTask> = {}): VideoTask {
  const form = { ...defaultVideoForm(), prompt: 'p' };
  return {
    id,
    taskId: `remote-${id}`,
    profileId: 'sandbox',
    form,
    request: buildVideoRequest(form),
    createdAt: clock.t,
    updatedAt: clock.t,
    state: 'queued',
    ...extra,
  };
}

type Answer = unknown | Error;
function scripted(answers: Answer[]) {
  const calls: string[] = [];
  const check = async (t: VideoTask) => {
    calls.push(t.taskId);
    const a = answers.shift();
    if (a instanceof Error) throw a;
    return { raw: JSON.stringify(a), parsed: parseTaskBody(a) };
  };
  return { calls, check };
}

beforeEach(() => {
  db = openMemoryDatabase();
  clock = new FakeClock();
});
afterEach(() => db.close());

describe('backoffDelay', () => {
  it('starts at the first delay, grows by the factor, stops at the cap', () => {
    const mid = () => 0.5;
    // At the cap the spread lies below it: 10 000 * (1 - 0.2 * 0.5).
    expect([0, 1, 2, 3, 4, 10].map((a) => backoffDelay(a, backoff, mid))).toEqual([
      2000, 4000, 8000, 9000, 9000, 9000,
    ]);
  });

  it('keeps jitter within +/- the fraction below the cap', () => {
    expect(backoffDelay(0, backoff, () => 0)).toBe(1600);
    expect(backoffDelay(0, backoff, () => 0.999999)).toBe(2400);
  });

  it('still spreads tasks that reached the cap, never above it', () => {
    expect(backoffDelay(5, backoff, () => 0)).toBe(10_000);
    expect(backoffDelay(5, backoff, () => 0.999999)).toBe(8000);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(5, backoff, Math.random);
      expect(d).toBeGreaterThanOrEqual(8000);
      expect(d).toBeLessThanOrEqual(10_000);
      seen.add(d);
    }
    expect(seen.size).toBeGreaterThan(50); // not in lockstep
  });
});

describe('VideoPoller', () => {
  it('checks after the first delay, backs off, and stops at a terminal state', async () => {
    const tasks = store();
    tasks.put(task('a'));
    const { calls, check } = scripted([
      { status: 'queued' },
      { status: 'running', progress: 40 },
      { status: 'running', progress: 80 },
      { status: 'succeeded', content: { video_url: 'https://cdn/v.mp4' } },
    ]);
    const changes: VideoTask[] = [];
    const poller = new VideoPoller({ tasks, check, clock, backoff, onChange: (t) => changes.push(t) });
    poller.track('a');
    expect(clock.pending()).toEqual([2000]);
    expect(calls).toEqual([]);

    expect(await clock.fireNext()).toBe(2000);
    expect(await clock.fireNext()).toBe(4000);
    expect(tasks.get('a')).toMatchObject({ state: 'running', progress: 40 });
    expect(await clock.fireNext()).toBe(8000);
    expect(await clock.fireNext()).toBe(9000);
    expect(tasks.get('a')).toMatchObject({
      state: 'succeeded',
      remoteUrl: 'https://cdn/v.mp4',
      progress: 100,
    });
    expect(calls).toHaveLength(4);
    expect(clock.pending()).toEqual([]);
    expect(changes.map((c) => c.state)).toEqual(['queued', 'running', 'running', 'succeeded']);
    expect(poller.isTracking('a')).toBe(false);
  });

  it('honours Retry-After of a 429 and keeps going', async () => {
    const tasks = store();
    tasks.put(task('a'));
    const { calls, check } = scripted([statusError(429, 'slow down', 25_000), { status: 'succeeded' }]);
    new VideoPoller({ tasks, check, clock, backoff }).track('a');
    await clock.fireNext();
    expect(tasks.get('a')?.pollError).toMatch(/Rate limited/);
    expect(tasks.get('a')?.state).toBe('queued');
    expect(clock.pending()).toEqual([25_000]);
    expect(tasks.get('a')?.nextCheckAt).toBe(clock.t + 25_000);
    await clock.fireNext();
    expect(calls).toHaveLength(2);
    expect(tasks.get('a')?.state).toBe('succeeded');
    expect(tasks.get('a')?.pollError).toBeUndefined();
  });

  it('retries network errors with the normal backoff', async () => {
    const tasks = store();
    tasks.put(task('a'));
    const net = new GatewayError('network', 'The gateway could not be reached.');
    const { calls, check } = scripted([net, net, { status: 'running' }]);
    new VideoPoller({ tasks, check, clock, backoff }).track('a');
    await clock.fireNext();
    expect(clock.pending()).toEqual([4000]);
    await clock.fireNext();
    expect(clock.pending()).toEqual([8000]);
    await clock.fireNext();
    expect(calls).toHaveLength(3);
    expect(tasks.get('a')).toMatchObject({ state: 'running' });
    expect(tasks.get('a')?.pollError).toBeUndefined();
  });

  it('reads a 404 as "record expired" once the task has been seen, and stops', async () => {
    const tasks = store();
    tasks.put(task('a'));
    const { check } = scripted([{ status: 'running' }, statusError(404, 'No video task')]);
    new VideoPoller({ tasks, check, clock, backoff }).track('a');
    await clock.fireNext();
    expect(tasks.get('a')?.seenAt).toBe(clock.t);
    await clock.fireNext();
    expect(tasks.get('a')).toMatchObject({ state: 'expired', error: 'record expired' });
    expect(tasks.get('a')?.lastBody).toContain('No video task');
    expect(clock.pending()).toEqual([]);
  });

  it('keeps polling with backoff on a 404 for a new task never seen yet', async () => {
    const tasks = store();
    tasks.put(task('a'));
    const { calls, check } = scripted([
      statusError(404, 'No video task'),
      statusError(404, 'No video task'),
      { status: 'running' },
    ]);
    new VideoPoller({ tasks, check, clock, backoff }).track('a');
    await clock.fireNext();
    expect(tasks.get('a')).toMatchObject({ state: 'queued', pollError: NOT_YET_KNOWN_MESSAGE });
    expect(tasks.get('a')?.lastBody).toContain('404');
    expect(clock.pending()).toEqual([4000]);
    await clock.fireNext();
    expect(clock.pending()).toEqual([8000]);
    await clock.fireNext();
    expect(calls).toHaveLength(3);
    expect(tasks.get('a')).toMatchObject({ state: 'running' });
    expect(tasks.get('a')?.pollError).toBeUndefined();
  });

  it('reads a 404 as "record expired" for a task older than the grace period, even unseen', async () => {
    const tasks = store();
    tasks.put(task('a', { createdAt: clock.t - 600_000 }));
    const { check } = scripted([statusError(404, 'No video task')]);
    new VideoPoller({ tasks, check, clock, backoff }).track('a');
    await clock.fireNext();
    expect(tasks.get('a')).toMatchObject({ state: 'expired', error: 'record expired' });
  });

  it('waits at least the minimum after a 429 without Retry-After, and sends one GET per check', async () => {
    const tasks = store();
    tasks.put(task('a'));
    const { calls, check } = scripted([statusError(429, 'slow down'), { status: 'running' }]);
    new VideoPoller({ tasks, check, clock, backoff }).track('a');
    await clock.fireNext();
    expect(calls).toHaveLength(1);
    expect(clock.pending()).toEqual([15_000]);
    await clock.fireNext();
    expect(tasks.get('a')?.state).toBe('running');
  });

  it('keeps polling on an unknown status word, showing it raw', async () => {
    const tasks = store();
    tasks.put(task('a'));
    const { check } = scripted([{ status: 'Warming_Up' }]);
    new VideoPoller({ tasks, check, clock, backoff }).track('a');
    await clock.fireNext();
    expect(tasks.get('a')).toMatchObject({ state: 'unknown', rawStatus: 'Warming_Up' });
    expect(clock.pending()).toHaveLength(1);
  });

  it('after a restart, a new poller over the same store resumes only the unfinished tasks', async () => {
    const first = store();
    first.put(task('a'));
    first.put(task('b', { state: 'running' }));
    first.put(task('done', { state: 'succeeded' }));
    const old = new VideoPoller({ tasks: first, check: scripted([]).check, clock, backoff });
    old.start();
    expect(clock.pending()).toHaveLength(2);
    old.dispose();
    expect(clock.pending()).toEqual([]);

    // "Restart": a fresh collection reads the same folder.
    const { calls, check } = scripted([
      { status: 'succeeded' },
      { status: 'failed', error: { message: 'nope' } },
    ]);
    const tasks = store();
    new VideoPoller({ tasks, check, clock, backoff }).start();
    expect(clock.pending()).toEqual([2000, 2000]);
    await clock.fireNext();
    await clock.fireNext();
    expect(calls.sort()).toEqual(['remote-a', 'remote-b']);
    expect(clock.pending()).toEqual([]);
    expect(new Set(tasks.list().map((t) => t.state))).toEqual(new Set(['succeeded', 'failed']));
  });

  it('resumes at the saved next check and attempt count, not from attempt 0', async () => {
    const first = store();
    first.put(task('far', { state: 'running', nextCheckAt: clock.t + 25_000, pollAttempt: 3 }));
    first.put(task('past', { state: 'running', nextCheckAt: clock.t - 5000, pollAttempt: 6 }));
    const { calls, check } = scripted([{ status: 'running' }, { status: 'running' }]);
    const tasks = store();
    new VideoPoller({ tasks, check, clock, backoff }).start();
    // "past" is due, but never sooner than the first delay; "far" keeps its saved time.
    expect(clock.pending().sort((x, y) => x - y)).toEqual([2000, 25_000]);
    expect(await clock.fireNext()).toBe(2000);
    expect(calls).toEqual(['remote-past']);
    expect(tasks.get('past')?.pollAttempt).toBe(7);
    expect(tasks.get('past')!.nextCheckAt! - clock.t).toBe(9000); // at the cap, not back at 2 s
    expect(clock.pending().sort((x, y) => x - y)).toEqual([9000, 23_000]);
    expect(tasks.get('far')?.nextCheckAt).toBe(clock.t + 23_000);
  });

  it('is final after dispose: a late start() or track() schedules nothing', () => {
    const tasks = store();
    tasks.put(task('a'));
    const poller = new VideoPoller({ tasks, check: scripted([]).check, clock, backoff });
    poller.dispose();
    poller.start();
    poller.track('a');
    poller.checkNow('a');
    expect(clock.pending()).toEqual([]);
  });

  it('never runs two checks of one task at once', async () => {
    const tasks = store();
    tasks.put(task('a'));
    let calls = 0;
    let release!: (v: { raw: string; parsed: ReturnType<typeof parseTaskBody> }) => void;
    const poller = new VideoPoller({
      tasks,
      clock,
      backoff,
      check: () => {
        calls++;
        return new Promise((r) => (release = r));
      },
    });
    poller.track('a');
    await clock.fireNext();
    expect(calls).toBe(1);
    poller.checkNow('a');
    poller.start();
    poller.track('a');
    expect(clock.pending()).toEqual([]);
    release({ raw: '{}', parsed: parseTaskBody({ status: 'running' }) });
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    expect(clock.pending()).toHaveLength(1);
    expect(calls).toBe(1);
  });

  it('does not bring back a task removed while its check was in flight', async () => {
    const tasks = store();
    tasks.put(task('a'));
    let release!: (v: { raw: string; parsed: ReturnType<typeof parseTaskBody> }) => void;
    const poller = new VideoPoller({ tasks, clock, backoff, check: () => new Promise((r) => (release = r)) });
    poller.track('a');
    await clock.fireNext();
    poller.forget('a');
    tasks.delete('a');
    release({ raw: '{}', parsed: parseTaskBody({ status: 'succeeded' }) });
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    expect(tasks.get('a')).toBeUndefined();
    expect(store().get('a')).toBeUndefined();
    expect(clock.pending()).toEqual([]);
  });

  it('does nothing after dispose, even for a check in flight', async () => {
    const tasks = store();
    tasks.put(task('a'));
    let release!: (v: { raw: string; parsed: ReturnType<typeof parseTaskBody> }) => void;
    const poller = new VideoPoller({
      tasks,
      clock,
      backoff,
      check: () => new Promise((r) => (release = r)),
    });
    poller.track('a');
    await clock.fireNext();
    poller.dispose();
    release({ raw: '{}', parsed: parseTaskBody({ status: 'running' }) });
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    expect(tasks.get('a')?.state).toBe('queued');
    expect(clock.pending()).toEqual([]);
  });
});
