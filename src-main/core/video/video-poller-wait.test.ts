import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../db/open-database';
import { videoTaskRepository } from '../db/record-repositories';
import { StorageNotices } from '../storage/storage-notices';
import { type PollerClock, VideoPoller } from './video-poller';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import { parseTaskBody } from '../../../src-shared/video/video-status';
import type { VideoTask } from '../../../src-shared/video/video-task';

// The total wait: checks stop 48 h (by default) after creation, and only the user resumes them.
const HOUR = 3_600_000;
let db: DatabaseSync;
let t = 0;
let timers: { at: number; fn: () => void; id: number }[] = [];
let seq = 0;
const clock: PollerClock = {
  now: () => t,
  random: () => 0.5,
  setTimeout: (fn, ms) => {
    timers.push({ at: t + ms, fn, id: ++seq });
    return seq;
  },
  clearTimeout: (h) => {
    timers = timers.filter((x) => x.id !== h);
  },
};
async function fireNext(): Promise<void> {
  timers.sort((a, b) => a.at - b.at);
  const next = timers.shift();
  if (!next) throw new Error('no timer pending');
  t = Math.max(t, next.at);
  next.fn();
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

const store = () => videoTaskRepository({ db, notices: new StorageNotices() });
function task(createdAt: number): VideoTask {
  const form = { ...defaultVideoForm(), prompt: 'p' };
  const request = buildVideoRequest(form);
  return {
    id: 'a',
    taskId: 'cgt-a',
    profileId: 'p',
    form,
    request,
    createdAt,
    updatedAt: createdAt,
    state: 'queued',
  };
}
function poller(calls: string[], status = 'queued') {
  return new VideoPoller({
    tasks: store(),
    clock,
    backoff: { firstDelayMs: 1000, factor: 1, maxDelayMs: 1000, jitter: 0 },
    check: async (x) => {
      calls.push(x.taskId);
      const body = { id: x.taskId, status };
      return { raw: JSON.stringify(body), parsed: parseTaskBody(body) };
    },
  });
}

beforeEach(() => {
  db = openMemoryDatabase();
  t = 100 * HOUR;
  timers = [];
});
afterEach(() => db.close());

describe('VideoPoller total wait', () => {
  it('stops checking after 48 h, stays stopped after a restart, and resumes when asked', async () => {
    store().put(task(t - 48 * HOUR + 1500));
    const calls: string[] = [];
    const first = poller(calls);
    first.start();
    await fireNext(); // within the wait: checked
    expect(calls).toHaveLength(1);
    await fireNext(); // past it: not checked, stopped
    expect(calls).toHaveLength(1);
    expect(store().get('a')?.stoppedCheckingAt).toBe(t);
    expect(store().get('a')?.nextCheckAt).toBeUndefined();
    expect(timers).toEqual([]);
    first.dispose();

    const second = poller(calls, 'succeeded');
    second.start();
    expect(timers).toEqual([]);
    second.resume('a');
    expect(store().get('a')?.stoppedCheckingAt).toBeUndefined();
    expect(store().get('a')?.waitFrom).toBe(t);
    await fireNext();
    expect(calls).toHaveLength(2);
    expect(store().get('a')?.state).toBe('succeeded');
    second.dispose();
  });
});
