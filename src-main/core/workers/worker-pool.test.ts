import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src-shared/result';
import type { JobProgress } from './worker-messages';
import { QuarantineNeededError, WorkerPool } from './worker-pool';

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const pools: WorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(size = 1) {
  const p = new WorkerPool({
    size,
    entry: {
      file: new URL('./pool-test-worker.test-helper.ts', import.meta.url),
      execArgv: ['--import', tsx],
    },
    workerData: { databaseFile: '' },
  });
  pools.push(p);
  return p;
}

const failureOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppFailure);
  return (err as AppFailure).error;
};

describe('WorkerPool', () => {
  it('runs jobs in a worker thread and gives their values back, bytes moved rather than copied', async () => {
    const p = pool();
    expect(await p.run('echo', { a: [1, 2] })).toEqual({ a: [1, 2] });
    const { bytes } = await p.run<{ bytes: Uint8Array }>('bytes', { text: 'héllo' });
    expect(new TextDecoder().decode(bytes)).toBe('héllo');
  });

  it('carries progress on the way and failures as the app’s typed errors', async () => {
    const p = pool();
    const seen: JobProgress[] = [];
    expect(await p.run('steps', { n: 3 }, { onProgress: (s) => seen.push(s) })).toBe(3);
    expect(seen.map((s) => s.done)).toEqual([1, 2, 3]);
    expect(await failureOf(p.run('refuse', {}))).toEqual({
      code: 'not_found',
      message: 'No such thing.',
      details: { why: 'test' },
    });
    expect(await failureOf(p.run('throws', {}))).toEqual({ code: 'internal', message: 'boom' });
    await expect(p.run('quarantine', {})).rejects.toBeInstanceOf(QuarantineNeededError);
    expect(await p.run('echo', 'still here')).toBe('still here');
  });

  it('cancels a running job by ending its worker, and the next job gets a new one', async () => {
    const p = pool().warm();
    await p.ready();
    const controller = new AbortController();
    const spinning = p.run('spin', { ms: 60_000 }, { signal: controller.signal });
    const queued = p.run('echo', 'after');
    setTimeout(() => controller.abort(new Error('The window went away.')), 50);
    const started = Date.now();
    expect(await failureOf(spinning)).toEqual({ code: 'aborted', message: 'The window went away.' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await queued).toBe('after');
    expect(p.started).toBe(2);
  });

  it('drops a waiting job when its caller goes away, without touching the one running', async () => {
    const p = pool();
    const controller = new AbortController();
    const running = p.run('spin', { ms: 300 });
    const waiting = p.run('echo', 'never', { signal: controller.signal });
    controller.abort();
    expect((await failureOf(waiting)).code).toBe('aborted');
    expect(await running).toBe('spun');
    expect(p.started).toBe(1);
    await expect(p.run('echo', 1, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AppFailure);
  });

  it('sends jobs with the same key to the same worker, and others to an idle one', async () => {
    const p = pool(2).warm();
    await p.ready();
    const t0 = Date.now();
    // Two keyed jobs of one key wait for each other; a job without a key takes the idle worker.
    const a = p.run('spin', { ms: 400 }, { key: 'set-1' });
    const b = p.run('spin', { ms: 400 }, { key: 'set-1' });
    const free = p.run('echo', 'quick');
    expect(await free).toBe('quick');
    expect(Date.now() - t0).toBeLessThan(400);
    await Promise.all([a, b]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(800);
  });

  it('has an idle worker only once one has loaded its code and while it has nothing to do', async () => {
    const p = pool(2);
    expect(p.hasIdleWorker()).toBe(false);
    p.warm();
    // Loading its code: a job now would wait for it. The second starts once the first is loaded.
    expect(p.hasIdleWorker()).toBe(false);
    expect(p.started).toBe(1);
    await p.ready();
    expect(p.started).toBe(2);
    expect(p.hasIdleWorker()).toBe(true);
    const controller = new AbortController();
    const one = p.run('spin', { ms: 60_000 }, { signal: controller.signal });
    expect(p.hasIdleWorker()).toBe(true);
    const two = p.run('spin', { ms: 300 });
    expect(p.hasIdleWorker()).toBe(false);
    expect(await two).toBe('spun');
    expect(p.hasIdleWorker()).toBe(true);
    controller.abort();
    await one.catch(() => undefined);
  });

  it('has no idle worker once the only one ended with its job, until its replacement has loaded', async () => {
    const p = pool(1).warm();
    await p.ready();
    const controller = new AbortController();
    const spinning = p.run('spin', { ms: 60_000 }, { signal: controller.signal });
    controller.abort();
    await spinning.catch(() => undefined);
    expect(p.hasIdleWorker()).toBe(false);
    const next = p.run('echo', 'next');
    expect(p.hasIdleWorker()).toBe(false);
    expect(await next).toBe('next');
    expect(p.hasIdleWorker()).toBe(true);
    expect(p.started).toBe(2);
  });

  it('says so when a worker dies in a job, and goes on with a new one', async () => {
    const p = pool();
    const err = await failureOf(p.run('exit', {}));
    expect(err.code).toBe('internal');
    expect(err.message).toMatch(/exit code 7/);
    expect(await p.run('echo', 'again')).toBe('again');
  });

  it('closes: jobs running or waiting fail as aborted, and no job starts after', async () => {
    const p = pool();
    const running = failureOf(p.run('spin', { ms: 60_000 }));
    const waiting = failureOf(p.run('echo', 1));
    await new Promise((r) => setTimeout(r, 50));
    await p.close();
    expect((await running).code).toBe('aborted');
    expect((await waiting).code).toBe('aborted');
    expect((await failureOf(p.run('echo', 2))).message).toBe('Gatehouse is closing.');
  });
});
