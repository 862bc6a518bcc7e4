import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../db/open-database';
import { startSandbox, type SandboxServer } from '../../sandbox/server';
import { until } from '../judge/batch/batch.test-helper';
import { evalRecordSchema } from '../../../src-shared/evals/eval-definition';
import type { EvalCell } from '../../../src-shared/evals/eval-run';
import { openEvalRuns, saveSampleEval, WireCounter } from './eval-run.test-helper';

const servers: SandboxServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(rows: number, opts: Parameters<typeof startSandbox>[0] = {}) {
  const sandbox = await startSandbox({ tokenDelayMs: 0, ...opts });
  servers.push(sandbox);
  const db = openMemoryDatabase();
  saveSampleEval(db, rows);
  const wire = new WireCounter();
  return { sandbox, db, wire, ...openEvalRuns(db, sandbox, wire) };
}

const QUESTIONS = ['resolves', 'tone', 'helpfulness', 'offers_refund', 'asks_for_details'];

describe('EvalRunService on the Sandbox', () => {
  it('runs 10 rows × 2 variants × 2 targets: every cell stored with its reply, checks and grades', async () => {
    const { service, repos, wire, events } = await setup(10);
    const started = service.start('support', 4);
    expect(started.plan).toMatchObject({ rows: 10, columns: 4, cells: 40, judgeCalls: 40 });
    const run = await service.settled(started.id);
    expect(run.state).toBe('done');
    expect(repos.runs.counts(run.id)).toEqual({ done: 40, failed: 0 });
    const cells = repos.runs.cells(run.id, 0, 10);
    expect(cells).toHaveLength(40);
    for (const c of cells) {
      expect(c.reply?.text.length).toBeGreaterThan(20);
      expect(c.reply?.fromCache).toBeUndefined();
      expect(c.latencyMs).toBeGreaterThanOrEqual(0);
      expect(c.tokensOut).toBeGreaterThan(0);
      expect(c.checks?.map((k) => k.kind)).toEqual(['contains', 'max-length']);
      expect(c.checks?.every((k) => k.pass !== null)).toBe(true);
      expect(c.grades?.map((g) => g.name)).toEqual(QUESTIONS);
      expect(c.cacheKey).toMatch(/^[0-9a-f]{64}$/);
    }
    // Each cell asked once for its reply and once for its grade, and every request is its own.
    expect(wire.chat).toBe(40);
    expect(wire.mostSends()).toBe(1);
    expect(wire.judge).toBe(40);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ state: 'done', done: 40, failed: 0, total: 40, sent: 40, cached: 0 });
  });

  it('resumes after a restart without sending a finished cell again', async () => {
    const { sandbox, db, service, repos, wire } = await setup(10);
    const { id } = service.start('support', 2);
    await until(() => repos.runs.counts(id).done >= 12, '12 cells done');
    await service.dispose(); // the app quits mid-run: the run stays `running`
    const before = repos.runs.cells(id, 0, 10);
    expect(before.length).toBeGreaterThanOrEqual(12);
    expect(before.length).toBeLessThan(40);
    expect(repos.runs.getRun(id)?.state).toBe('running');
    const sentBefore = wire.chat;

    const again = openEvalRuns(db, sandbox, wire);
    again.service.resumeInterrupted(2);
    const run = await again.service.settled(id);
    expect(run.state).toBe('done');
    expect(again.repos.runs.counts(id)).toEqual({ done: 40, failed: 0 });
    // The finished cells were never sent again: only those unfinished at the stop (at most the
    // two in flight, aborted) were; none of the stored requests went out twice.
    expect(wire.chat - sentBefore).toBe(40 - before.length);
    expect(sentBefore - before.length).toBeLessThanOrEqual(2);
    expect(wire.chat).toBeLessThanOrEqual(42);
    const finished = new Set(before.map((c) => `${c.row}.${c.variantId}.${c.targetId}`));
    const after = again.repos.runs
      .cells(id, 0, 10)
      .filter((c) => finished.has(`${c.row}.${c.variantId}.${c.targetId}`));
    expect(after.map((c) => c.updatedAt)).toEqual(before.map((c) => c.updatedAt));
  });

  it('after variant B’s system prompt is edited, a re-run sends only variant B’s cells', async () => {
    const { service, repos, wire } = await setup(10);
    const first = await service.settled(service.start('support', 4).id);
    expect(first.state).toBe('done');
    const record = repos.evals.get('support')!;
    repos.evals.put(
      evalRecordSchema.parse({
        ...record,
        variants: [
          record.variants[0],
          { ...record.variants[1], system: `${record.variants[1].system} Be brief.` },
        ],
      }),
    );
    const chatBefore = wire.chat;
    const judgeBefore = wire.judge;
    const second = await service.settled(service.start('support', 4).id);
    expect(second.state).toBe('done');
    expect(wire.chat - chatBefore).toBe(20); // 10 rows × variant B × 2 targets
    // Variant A's replies and their grades are the first run's: neither is asked again.
    expect(wire.judge - judgeBefore).toBe(20);
    const cells = repos.runs.cells(second.id, 0, 10);
    const byVariant = (v: string) => cells.filter((c) => c.variantId === v);
    expect(byVariant('A').every((c) => c.reply?.fromCache?.runId === first.id)).toBe(true);
    expect(byVariant('A').every((c) => c.grades?.length === QUESTIONS.length)).toBe(true);
    expect(byVariant('B').every((c) => c.reply && c.reply.fromCache === undefined)).toBe(true);
    const firstA = repos.runs.cells(first.id, 0, 10).filter((c) => c.variantId === 'A');
    expect(byVariant('A').map((c) => c.reply?.text)).toEqual(firstA.map((c) => c.reply?.text));
  });

  it('pauses on a 402 with the reason, keeps the replies in hand, and finishes when resumed', async () => {
    // Enough for a few judge reservations, then the balance runs out.
    const { sandbox, service, repos, wire, events } = await setup(3, { balanceYuan: 0.02 });
    const { id } = service.start('support', 1);
    const paused = await service.settled(id);
    expect(paused.state).toBe('paused');
    const pause = events.at(-1)!;
    expect(pause.state).toBe('paused');
    expect(pause.pauseReason?.code).toBe('payment_required');
    expect(pause.pauseReason?.message).toMatch(/balance/i);
    const doneAtPause = repos.runs.counts(id).done;
    expect(doneAtPause).toBeLessThan(12);
    // Stored with the run, so a restarted app says why it waits; cleared when it goes on.
    expect(repos.runs.getRun(id)?.pauseReason?.code).toBe('payment_required');
    sandbox.state.balanceYuan = undefined; // topped up
    expect(service.resume(id, 2).pauseReason).toBeUndefined();
    const run = await service.settled(id);
    expect(run.state).toBe('done');
    expect(repos.runs.counts(id)).toEqual({ done: 12, failed: 0 });
    // The reply whose grading met the 402 was graded on resume without being asked for again.
    expect(wire.chat).toBe(12);
    expect(wire.mostSends()).toBe(1);
  });

  it('pauses on a refused key and, resumed after the key is typed, sends with the new key', async () => {
    // The Sandbox profile sends its built-in key until one is saved; this Sandbox takes only KEY.
    const KEY = 'sk-the-right-key';
    const { service, repos, wire, vault, events } = await setup(2, { acceptedKeys: [KEY] });
    const { id } = service.start('support', 2);
    expect((await service.settled(id)).state).toBe('paused');
    expect(events.at(-1)?.pauseReason?.code).toBe('unauthorized');
    expect(repos.runs.counts(id)).toEqual({ done: 0, failed: 0 });
    await vault.set('sandbox', KEY, { acceptWeakStorage: true });
    service.resume(id, 2);
    expect((await service.settled(id)).state).toBe('done');
    expect(repos.runs.counts(id)).toEqual({ done: 8, failed: 0 });
    expect(wire.judge).toBe(8);
  });

  it('pause stops sending and resume finishes the run', async () => {
    const { service, repos, wire } = await setup(5);
    const { id } = service.start('support', 1);
    await until(() => repos.runs.counts(id).done >= 3, '3 cells done');
    expect((await service.pause(id)).state).toBe('paused');
    const atPause = wire.chat;
    await new Promise((r) => setTimeout(r, 100));
    expect(wire.chat).toBe(atPause);
    service.resume(id, 2);
    expect((await service.settled(id)).state).toBe('done');
    expect(repos.runs.counts(id)).toEqual({ done: 20, failed: 0 });
    expect(wire.chat).toBe(20);
  });

  it('cancel stops sending and keeps the cells the run has', async () => {
    const { service, repos, wire } = await setup(5);
    const { id } = service.start('support', 1);
    await until(() => repos.runs.counts(id).done >= 3, '3 cells done');
    expect((await service.cancel(id)).state).toBe('cancelled');
    const kept = repos.runs.counts(id);
    const sent = wire.chat;
    expect(kept.done).toBeGreaterThanOrEqual(3);
    expect(kept.done).toBeLessThan(20);
    service.resumeInterrupted(); // a cancelled run is not taken up again
    await new Promise((r) => setTimeout(r, 100));
    expect(wire.chat).toBe(sent);
    expect(repos.runs.counts(id)).toEqual(kept);
    expect(repos.runs.getRun(id)?.state).toBe('cancelled');
  });

  it('slows down on a 429 and retries the cell, which ends done', async () => {
    const { service, repos, events } = await setup(3, { rateLimit: 4 });
    const run = await service.settled(service.start('support', 4).id);
    expect(run.state).toBe('done');
    expect(repos.runs.counts(run.id)).toEqual({ done: 12, failed: 0 });
    expect(events.at(-1)!.rateLimited).toBeGreaterThan(0);
  });

  it('stores a failure per cell with the gateway’s message (an unknown model)', async () => {
    const { service, repos } = await setup(2);
    const record = repos.evals.get('support')!;
    repos.evals.put(
      evalRecordSchema.parse({
        ...record,
        targets: [record.targets[0], { ...record.targets[1], model: 'no-such-model' }],
      }),
    );
    const run = await service.settled(service.start('support', 2).id);
    expect(run.state).toBe('done');
    expect(repos.runs.counts(run.id)).toEqual({ done: 4, failed: 4 });
    const failed = repos.runs.cells(run.id, 0, 2).filter((c) => c.state === 'failed');
    expect(failed.every((c) => c.targetId === 'mini' && !c.reply)).toBe(true);
    expect(failed[0].error?.status).toBe(404);
    expect(failed[0].error?.message).toMatch(/no-such-model/);
  });

  it('refuses a concurrency out of range or an eval without rows, naming the field, and stores no run', async () => {
    const { service, repos, db } = await setup(1);
    expect(() => service.start('support', 0)).toThrow(/concurrency: must be a whole number from 1 to \d+/);
    saveSampleEval(db, 0, 'empty');
    expect(() => service.start('empty', 2)).toThrow(/dataset: The dataset has no rows/);
    expect(repos.runs.listRuns('support')).toEqual([]);
    expect(repos.runs.listRuns('empty')).toEqual([]);
  });

  it('grades variant B above variant A on the sample rows (a smoke check, not the statistics)', async () => {
    const { service, repos } = await setup(10);
    const run = await service.settled(service.start('support', 4).id);
    const cells = repos.runs.cells(run.id, 0, 10);
    const helpfulness = (c: EvalCell) => {
      const g = c.grades?.find((a) => a.name === 'helpfulness') as { position?: number } | undefined;
      return g?.position ?? 0;
    };
    const resolved = (c: EvalCell) =>
      (c.grades?.find((a) => a.name === 'resolves') as { choice?: string } | undefined)?.choice ===
      'resolved';
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const col = (v: string, target?: string) =>
      cells.filter((c) => c.variantId === v && (target === undefined || c.targetId === target));
    for (const target of ['one', 'mini']) {
      expect(mean(col('B', target).map(helpfulness))).toBeGreaterThan(
        mean(col('A', target).map(helpfulness)),
      );
      expect(col('B', target).filter(resolved).length).toBeGreaterThan(
        col('A', target).filter(resolved).length,
      );
    }
    // Over both models, by more than half a level of the 0–4 scale (README: 1.2–1.6 on 200 rows).
    expect(mean(col('B').map(helpfulness)) - mean(col('A').map(helpfulness))).toBeGreaterThan(0.5);
  });
});
