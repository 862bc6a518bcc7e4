import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../../db/open-database';
import { createRepositories } from '../../db/repositories';
import type { BatchRunRepository } from '../../db/batch-run-repository';
import { GatewayClient } from '../../gateway/gateway-client';
import { RequestLog } from '../../gateway/request-log';
import { ProfileService } from '../../profiles/profile-service';
import { MemoryKeyValueStore } from '../../storage/key-value-store';
import { StorageNotices } from '../../storage/storage-notices';
import { KeyVault } from '../../vault/key-vault';
import type { BatchProgress, BatchResult, BatchRun } from '../../../../src-shared/judge/batch-run';
import { batchRunFields } from '../../../../src-shared/judge/batch-run.test-helper';
import { BatchResultWriter } from './batch-result-writer';
import { BatchService } from './batch-service';
import { saveSampleSet, textCases, until } from './batch.test-helper';

/** A judge request the test answers when it chooses. */
interface Held {
  state: unknown;
  answer(): void;
}

type Counted = 'putResults' | 'getRun';

/**
 * The batch service on an in-memory database, its gateway a fetch whose replies the test releases
 * (so answers can arrive in one tick), and its repository counting the writes and run reads.
 */
function harness(opts: { failWrites?: number } = {}) {
  const db = openMemoryDatabase();
  const repos = createRepositories({ db, notices: new StorageNotices() });
  saveSampleSet(repos);
  const calls: Record<Counted, number> = { putResults: 0, getRun: 0 };
  let failWrites = opts.failWrites ?? 0;
  const batches = new Proxy(repos.batches, {
    get(target, key: keyof BatchRunRepository) {
      const value = target[key];
      if (typeof value !== 'function' || !(key in calls)) return value;
      return (...args: unknown[]) => {
        calls[key as Counted]++;
        if (key !== 'getRun' && failWrites > 0) {
          failWrites--;
          throw new Error('disk I/O error');
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const held: Held[] = [];
  let onSend: (() => void) | undefined;
  const fetch = (_url: string, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const body = JSON.parse(String(init.body)) as { state: unknown };
      held.push({
        state: body.state,
        answer: () =>
          resolve(
            new Response(
              JSON.stringify({
                model: 'judge-1.13.0',
                answers: {},
                usage: { input_tokens: 7, output_tokens: 1 },
              }),
              { status: 200, headers: { 'content-type': 'application/json' } },
            ),
          ),
      });
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      onSend?.();
    });
  const settings = new MemoryKeyValueStore();
  const profiles = new ProfileService(settings, new KeyVault(null, settings), {
    origin: async () => 'http://127.0.0.1:9',
    current: () => 'http://127.0.0.1:9',
  });
  const events: BatchProgress[] = [];
  const unstored: BatchProgress[] = [];
  const service = new BatchService({
    batches,
    sets: repos.sets,
    client: new GatewayClient({ fetch, log: new RequestLog() }),
    profiles,
    emit: (p) => {
      // What progress reports must already be stored (a crash must not lose what was shown).
      const stored = repos.batches.counts(p.runId);
      if (stored.done < p.done || stored.failed < p.failed) unstored.push(p);
      events.push(p);
    },
  });
  return {
    repos,
    service,
    calls,
    held,
    events,
    unstored,
    whenSent: (fn: () => void) => (onSend = fn),
    reset: () => Object.keys(calls).forEach((k) => (calls[k as Counted] = 0)),
  };
}

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(disposers.splice(0).map((d) => d()));
});

/** A harness and a run over `cases` text cases at `concurrency`, made but not started. */
async function newRun(concurrency: number, cases: number, opts?: Parameters<typeof harness>[0]) {
  const h = harness(opts);
  disposers.push(() => h.service.dispose());
  const run = await h.service.create({
    setId: 'set-1',
    model: 'judge-1.13.0',
    concurrency,
    cases: textCases(cases),
  });
  return { h, run };
}

/** The sample set and an inline run of two cases stored straight in an in-memory database, `changes` on it. */
function storedRun(changes: Partial<BatchRun> = {}) {
  const repos = createRepositories({ db: openMemoryDatabase(), notices: new StorageNotices() });
  saveSampleSet(repos);
  const run: BatchRun = { ...batchRunFields(), source: { kind: 'inline', cases: textCases(2) }, ...changes };
  repos.batches.putRun(run);
  return { repos, run };
}

describe('a batch run writing its results', () => {
  it('writes the answers of one tick in one transaction, reading no run record per answer', async () => {
    const { h, run } = await newRun(8, 16);
    h.service.start(run.id);
    await until(() => h.held.length === 8, 'eight requests in flight');
    h.reset();
    for (const r of h.held) r.answer();
    await until(() => h.repos.batches.countResults(run.id) === 8, 'eight results stored');
    expect(h.calls.putResults).toBe(1);
    // The tallies are kept in memory while the run goes: no answer re-reads and re-parses the run
    // (a progress event, at most one per 200 ms, reads it once).
    expect(h.calls.getRun).toBeLessThanOrEqual(1);
    expect(h.repos.batches.getRun(run.id)).toMatchObject({ tokens: 8 * 7, versions: { 'judge-1.13.0': 8 } });
    await until(
      () => (h.held.forEach((r) => r.answer()), h.service.get(run.id).state === 'done'),
      'the run to end',
    );
    const stored = h.repos.batches.getRun(run.id)!;
    expect(stored).toMatchObject({ state: 'done', tokens: 16 * 7, versions: { 'judge-1.13.0': 16 } });
    expect(h.service.get(run.id)).toMatchObject({ done: 16, failed: 0 });
    expect(h.events.at(-1)).toMatchObject({ state: 'done', done: 16, tokens: 16 * 7 });
    expect(h.unstored).toEqual([]);
  });

  it('sends the next case as soon as a slot frees, before the answer that freed it is written', async () => {
    const { h, run } = await newRun(1, 3);
    const storedWhenSent: number[] = [];
    h.whenSent(() => storedWhenSent.push(h.repos.batches.countResults(run.id)));
    h.service.start(run.id);
    for (let i = 0; i < 3; i++) {
      await until(() => h.held.length === i + 1, `request ${i + 1}`);
      h.held[i].answer();
    }
    await until(() => h.service.get(run.id).state === 'done', 'the run to end');
    expect(storedWhenSent).toEqual([0, 0, 1]);
    expect(h.service.get(run.id)).toMatchObject({ done: 3, failed: 0 });
  });

  it('sends nothing more once its run is deleted, and writes none of the answers', async () => {
    const { h, run } = await newRun(4, 12);
    h.service.start(run.id);
    await until(() => h.held.length === 4, 'four requests in flight');
    h.repos.batches.deleteRun(run.id);
    for (const r of h.held) r.answer();
    await new Promise((r) => setTimeout(r, 50));
    expect(h.held).toHaveLength(4);
    expect(h.repos.batches.countResults(run.id)).toBe(0);
    expect(h.service.list()).toEqual([]);
  });

  it('pauses with the reason when its answers cannot be written, and sends them again on resume', async () => {
    const { h, run } = await newRun(2, 4, { failWrites: 1 });
    h.service.start(run.id);
    await until(() => h.held.length === 2, 'two requests in flight');
    // The freed slots were filled before the write failed: those requests finish (paid for).
    const answerAll = () => h.held.forEach((r) => r.answer());
    await until(() => (answerAll(), h.service.get(run.id).state === 'paused'), 'the run to pause');
    const paused = h.service.get(run.id);
    expect(paused.pauseReason).toMatchObject({ code: 'internal' });
    expect(paused.pauseReason?.message).toMatch(/^Results could not be saved: Error: disk I\/O error/);
    expect(paused.done + paused.failed).toBeLessThan(4);
    const lost = 4 - paused.done - paused.failed;
    h.service.resume(run.id);
    await until(() => (answerAll(), h.service.get(run.id).state === 'done'), 'the resumed run to end');
    expect(h.service.get(run.id)).toMatchObject({ done: 4, failed: 0 });
    // The answers not written were asked again, once each, and no others: an answer still in
    // flight when the run paused is written when it comes, so `lost` is an upper bound.
    const asks = new Map<string, number>();
    for (const r of h.held) asks.set(JSON.stringify(r.state), (asks.get(JSON.stringify(r.state)) ?? 0) + 1);
    expect(asks.size).toBe(4);
    expect([...asks.values()].every((n) => n <= 2)).toBe(true);
    const again = [...asks.values()].filter((n) => n === 2).length;
    expect(again).toBeGreaterThan(0);
    expect(again).toBeLessThanOrEqual(lost);
    expect(h.unstored).toEqual([]);
  });

  it('writes the tallies into the run record, leaving its state and the rest of its data as they are', () => {
    const { repos, run } = storedRun({
      state: 'cancelled', // set by a cancel while the last answers were on their way
      updatedAt: 2,
      concurrency: 4,
      tokens: 3,
      yuan: 0.25,
      versions: { 'judge-1.13.0': 1 },
      rateLimited: 2,
    });
    const result: BatchResult = {
      runId: 'run-1',
      caseId: 'case-001',
      status: 'done',
      updatedAt: 9,
      answers: [],
    };
    const tallies = {
      updatedAt: 9,
      tokens: 10,
      yuan: 0.1 + 0.2,
      versions: { 'judge-1.13.0': 1, 'v.2 "x"': 1 },
    };
    expect(repos.batches.putResults('run-1', [result], tallies)).toBe(true);
    expect(repos.batches.getRun('run-1')).toEqual({ ...run, ...tallies });
    expect(repos.batches.getResult('run-1', 'case-001')).toEqual(result);
    // A run that is gone takes nothing.
    expect(repos.batches.putResults('run-2', [{ ...result, runId: 'run-2' }], tallies)).toBe(false);
    expect(repos.batches.getResult('run-2', 'case-001')).toBeUndefined();
  });

  it("tells nothing at the end of a tick whose answers the run's end already wrote (the app may be closing)", async () => {
    const { repos, run } = storedRun();
    const told: string[] = [];
    const writer = new BatchResultWriter(repos.batches, run, { done: 0, failed: 0 }, () => 5, {
      written: () => told.push('written'),
      gone: () => told.push('gone'),
      failed: () => told.push('failed'),
    });
    expect(writer.add('case-000', { status: 'done', answers: [], inputTokens: 4 })).toBe(true);
    expect(writer.flush()).toBe(true); // the run ended within the tick
    await new Promise((r) => setImmediate(r));
    expect(told).toEqual([]);
    expect(writer.committedCounts()).toEqual({ done: 1, failed: 0 });
    expect(repos.batches.getRun('run-1')).toMatchObject({
      tokens: 4,
      updatedAt: 5,
      versions: { 'judge-1.13.0': 1 },
    });
    expect(writer.add('case-001', { status: 'failed', error: { code: 'x', message: 'y' } })).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(told).toEqual(['written']);
    expect(writer.committedCounts()).toEqual({ done: 1, failed: 1 });
  });
});
