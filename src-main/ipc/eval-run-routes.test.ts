import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EvalCell } from '../../src-shared/evals/eval-run';
import type {
  EvalCellDetail,
  EvalCellsPage,
  EvalRunEstimate,
  EvalRunProgress,
  EvalRunView,
} from '../../src-shared/evals/eval-run-views';
import { openDatabase } from '../core/db/open-database';
import { sampleRows, saveSampleEval, WireCounter } from '../core/evals/eval-run.test-helper';
import { loadTokenCounter } from '../core/judge/token-counter';
import { renderVariant } from '../../src-shared/evals/render-variant';
import { costYuan, JUDGE_RESERVATION_YUAN } from '../../src-shared/judge/judge-estimate';
import { until } from '../core/judge/batch/batch.test-helper';
import { StorageNotices } from '../core/storage/storage-notices';
import { routerCalls, testServices } from './services.test-helper';

const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
});

function setup(rows: number, opts: Parameters<typeof testServices>[0] = {}) {
  const wire = new WireCounter();
  const t = testServices({ fetch: wire.fetch, ...opts });
  closers.push(() => t.close());
  saveSampleEval(t.database, rows);
  const progress = () =>
    t.events.filter((e) => e.name === 'evals.run.progress').map((e) => e.payload as EvalRunProgress);
  return { t, wire, progress, ...routerCalls(t.services) };
}

const key = (runId: string, row = 0) => ({ runId, row, variantId: 'B', targetId: 'mini', sample: 0 });

describe('eval run routes', () => {
  it('starts a run, reports progress as events, and lists it done with its counts', async () => {
    const { call, progress, wire } = setup(3);
    const started = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 4 });
    expect(started).toMatchObject({ evalId: 'support', state: 'running', done: 0 });
    expect(started.variants.map((v) => v.id)).toEqual(['A', 'B']);
    await until(() => progress().some((p) => p.runId === started.id && p.state === 'done'), 'done event');
    const last = progress().at(-1)!;
    expect(last).toMatchObject({
      runId: started.id,
      state: 'done',
      done: 12,
      failed: 0,
      total: 12,
      sent: 12,
    });
    const list = await call<EvalRunView[]>('evals.runs.list', { id: 'support' });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: started.id, state: 'done', done: 12, failed: 0 });
    expect(list[0]).not.toHaveProperty('spec');
    expect(wire.chat).toBe(12);

    const second = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 2 });
    await until(() => progress().some((p) => p.runId === second.id && p.state === 'done'), 'second done');
    // Newest first; the second took every reply from the first.
    expect((await call<EvalRunView[]>('evals.runs.list', { id: 'support' })).map((r) => r.id)).toEqual([
      second.id,
      started.id,
    ]);
    expect(wire.chat).toBe(12);
  });

  it('pauses and resumes a run through the routes', async () => {
    const { call, progress } = setup(5);
    const { id } = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 1 });
    await until(() => progress().some((p) => p.runId === id && p.done >= 2), '2 cells done');
    const paused = await call<EvalRunView>('evals.runs.pause', { runId: id });
    expect(paused.state).toBe('paused');
    expect(paused.pauseReason).toBeUndefined(); // the user paused it: no reason of the gateway's
    expect(paused.done).toBeLessThan(20);
    const resumed = await call<EvalRunView>('evals.runs.resume', { runId: id, concurrency: 3 });
    expect(resumed.state).toBe('running');
    await until(() => progress().some((p) => p.runId === id && p.state === 'done'), 'done');
    expect(await call<EvalRunView>('evals.runs.get', { runId: id })).toMatchObject({
      state: 'done',
      done: 20,
    });
  });

  it('keeps a 402 pause reason on the run, so it reads after a restart, and clears it when the run moves on', async () => {
    const { call, t } = setup(3, { sandbox: { balanceYuan: 0.02 } });
    const { id } = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 1 });
    await t.services.evalRunService.settled(id);
    const stored = t.services.evalRuns.getRun(id)!;
    expect(stored.state).toBe('paused');
    expect(stored.pauseReason?.code).toBe('payment_required');
    const listed = (await call<EvalRunView[]>('evals.runs.list', { id: 'support' }))[0];
    expect(listed.pauseReason?.message).toMatch(/balance/i);
    await call('evals.runs.cancel', { runId: id });
    expect(t.services.evalRuns.getRun(id)?.pauseReason).toBeUndefined();
  });

  it('pages the matrix by rows with a summary per column and sample, and gives one cell whole', async () => {
    const { call, progress } = setup(4);
    const { id } = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 4 });
    await until(() => progress().some((p) => p.runId === id && p.state === 'done'), 'done');
    const page = await call<EvalCellsPage>('evals.runs.cells', { runId: id, from: 1, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.position)).toEqual([1, 2]);
    for (const row of page.rows) {
      expect(Object.keys(row.variables)).toEqual([
        'customer_name',
        'product',
        'order_id',
        'customer_message',
      ]);
      expect(row.cells.map((c) => `${c.variantId}.${c.targetId}.${c.sample}`)).toEqual([
        'A.mini.0',
        'A.one.0',
        'B.mini.0',
        'B.one.0',
      ]);
      for (const c of row.cells) {
        expect(c.state).toBe('done');
        expect(c.replyPreview!.length).toBeLessThanOrEqual(300);
        expect(c.replyChars).toBeGreaterThanOrEqual(c.replyPreview!.length);
        expect(c.checks.pass + c.checks.fail).toBe(2);
        expect(c.grades?.map((g) => g.name)).toContain('helpfulness');
        expect(c.tokensOut).toBeGreaterThan(0);
      }
    }
    const byList = await call<EvalCellsPage>('evals.runs.cells', { runId: id, rows: [3, 0, 3, 9] });
    expect(byList.rows.map((r) => r.position)).toEqual([0, 3]);
    expect(byList.rows[1].cells).toEqual(
      (await call<EvalCellsPage>('evals.runs.cells', { runId: id, from: 3, limit: 1 })).rows[0].cells,
    );

    const detail = await call<EvalCellDetail>('evals.runs.cell', key(id, 2));
    const summary = page.rows[1].cells.find((c) => c.variantId === 'B' && c.targetId === 'mini')!;
    expect(detail.cell.reply?.text.startsWith(summary.replyPreview!)).toBe(true);
    expect(detail.cell.checks?.every((k) => k.reason.length > 0)).toBe(true);
    expect(detail.request).toMatchObject({ model: 'sandbox-chat-mini', profileId: 'sandbox' });
    // The profile's base URL as it holds it (the request's cache key uses the same); for the
    // Sandbox that is its built-in address, which the window's View code resolves itself.
    expect(detail.request?.baseUrl).toBe('built-in/v1');
    const body = detail.request?.body as { model: string; stream: boolean; messages: { content: string }[] };
    expect(body).toMatchObject({ model: 'sandbox-chat-mini', stream: true });
    expect(body.messages.at(-1)?.content).toContain(page.rows[1].variables.customer_name);
  });

  it('retries one cell: exactly one chat request reaches the Sandbox and the cell is stored again', async () => {
    const { call, progress, wire } = setup(2);
    const { id } = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 2 });
    await until(() => progress().some((p) => p.runId === id && p.state === 'done'), 'done');
    const before = await call<EvalCellDetail>('evals.runs.cell', key(id, 1));
    const chat = wire.chat;
    const judge = wire.judge;
    const retried = await call<EvalCell>('evals.runs.retryCell', key(id, 1));
    expect(wire.chat - chat).toBe(1);
    expect(wire.judge - judge).toBe(1);
    expect(retried.state).toBe('done');
    expect(retried.reply?.fromCache).toBeUndefined();
    expect(retried.updatedAt).toBeGreaterThanOrEqual(before.cell.updatedAt);
    expect(retried.grades?.length).toBe(before.cell.grades?.length);
    expect(await call<EvalRunView>('evals.runs.get', { runId: id })).toMatchObject({ done: 8, failed: 0 });
  });

  it('refuses to retry a cell while the run is sending', async () => {
    const { send, call } = setup(5);
    const { id } = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 1 });
    expect(await send('evals.runs.retryCell', key(id, 0))).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringMatching(/pause it first/) },
    });
    await call('evals.runs.cancel', { runId: id });
  });

  it('a mark round-trips, shows in the page, and survives reopening the database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-marks-'));
    const database = openDatabase(dataDir, new StorageNotices());
    const { call, progress } = setup(2, { database, dataDir });
    const { id } = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 2 });
    await until(() => progress().some((p) => p.runId === id && p.state === 'done'), 'done');
    const marked = await call<EvalCellDetail>('evals.runs.mark', { ...key(id, 1), mark: 'bad' });
    expect(marked.mark).toBe('bad');
    await call('evals.runs.mark', { ...key(id, 0), mark: 'good' });
    await call('evals.runs.mark', { ...key(id, 0), mark: null });
    const page = await call<EvalCellsPage>('evals.runs.cells', { runId: id, from: 0, limit: 2 });
    const marks = page.rows.flatMap((r) => r.cells.filter((c) => c.mark).map((c) => [r.position, c.mark]));
    expect(marks).toEqual([[1, 'bad']]);
    database.close();

    const reopened = openDatabase(dataDir, new StorageNotices());
    const again = testServices({ database: reopened, dataDir });
    closers.push(() => (again.close(), reopened.close()));
    const { call: call2 } = routerCalls(again.services);
    expect((await call2<EvalCellDetail>('evals.runs.cell', key(id, 1))).mark).toBe('bad');
    expect((await call2<EvalCellDetail>('evals.runs.cell', key(id, 0))).mark).toBeUndefined();
  });

  it('a run left running at quit goes on at the next start without sending a finished cell again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-resume-'));
    const database = openDatabase(dataDir, new StorageNotices());
    const { call, progress, t, wire } = setup(5, { database, dataDir });
    const { id } = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 1 });
    await until(() => progress().some((p) => p.runId === id && p.done >= 3), '3 cells done');
    await t.services.evalRunService.dispose(); // as the app's shutdown does
    const stored = t.services.evalRuns.counts(id).done;
    expect(t.services.evalRuns.getRun(id)?.state).toBe('running');
    const sentBefore = wire.chat;
    database.close();

    // The next start (startBackgroundWork) takes the run up again on its own.
    const reopened = openDatabase(dataDir, new StorageNotices());
    const again = testServices({ database: reopened, dataDir, fetch: wire.fetch });
    closers.push(() => (again.close(), reopened.close()));
    const { call: call2 } = routerCalls(again.services);
    await until(() => again.services.evalRuns.getRun(id)?.state === 'done', 'resumed run done');
    expect(await call2<EvalRunView>('evals.runs.get', { runId: id })).toMatchObject({
      state: 'done',
      done: 20,
    });
    // Only the cells not stored at the quit were sent (the one in flight, aborted, once more).
    expect(wire.chat - sentBefore).toBe(20 - stored);
    expect(wire.mostSends()).toBeLessThanOrEqual(2);
    expect(sentBefore - stored).toBeLessThanOrEqual(1);
  });

  it('refuses bad inputs, naming the field and the rule', async () => {
    const { send, call, t } = setup(1);
    const cases: [string, unknown, string][] = [
      ['evals.runs.start', { id: 'support', concurrency: 0 }, 'concurrency: must be from 1 to'],
      ['evals.runs.start', { id: 'no way', concurrency: 2 }, 'id: must be an eval id'],
      ['evals.runs.resume', { runId: 'r', concurrency: 2.5 }, 'concurrency: must be a whole number'],
      ['evals.runs.pause', { runId: '' }, 'runId: must be an eval run id'],
      ['evals.runs.cells', { runId: 'r', from: 0, limit: 201 }, 'limit: must be from 1 to 200'],
      ['evals.runs.cells', { runId: 'r', rows: [] }, 'rows: must name at least 1 row'],
      ['evals.runs.cell', { ...key('r'), sample: -1 }, 'sample: must be from 0 to 9'],
      ['evals.runs.mark', { ...key('r'), mark: 'meh' }, 'mark: must be good, bad or null'],
      ['evals.runs.retryCell', { ...key('r'), variantId: 'a.b' }, 'variantId: must be a variant id'],
    ];
    for (const [route, input, message] of cases)
      expect(await send(route, input), route).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringContaining(message) },
      });
    const { id } = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 1 });
    await call('evals.runs.cancel', { runId: id });
    expect(await send('evals.runs.cell', { ...key(id), variantId: 'C' })).toMatchObject({
      ok: false,
      error: { message: 'variantId: must be a variant of the run' },
    });
    // A page holds at most 2,000 cells: with 2 × 2 columns × 10 samples, 50 rows.
    const record = t.services.evals.get('support');
    const { id: _i, createdAt: _c, updatedAt: _u, ...spec } = record;
    await call('evals.update', { id: 'support', spec: { ...spec, repeats: 10 } });
    const many = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 1 });
    await call('evals.runs.cancel', { runId: many.id });
    const fifty = 'must be at most 50 rows for this run: each has 40 cells, and a page holds at most 2,000';
    expect(await send('evals.runs.cells', { runId: many.id, from: 0, limit: 51 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: `limit: ${fifty}` },
    });
    expect(
      await send('evals.runs.cells', { runId: many.id, rows: Array.from({ length: 51 }, (_, i) => i) }),
    ).toMatchObject({ ok: false, error: { message: `rows: ${fifty}` } });
    expect(
      await call<EvalCellsPage>('evals.runs.cells', { runId: many.id, from: 0, limit: 50 }),
    ).toMatchObject({
      total: 1,
    });
    expect(await send('evals.runs.get', { runId: 'gone' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

describe('eval run estimate', () => {
  it('counts cells, chat calls the cache leaves, judge calls, prompt tokens and the judge’s cost', async () => {
    const { call, progress, t } = setup(3);
    const first = await call<EvalRunEstimate>('evals.runs.estimate', { id: 'support', concurrency: 4 });
    // Counted here as the run renders them: each row's prompt per variant, for 2 targets × 1 sample.
    const count = await loadTokenCounter();
    const record = t.services.evals.get('support');
    let tokens = 0;
    for (const row of sampleRows.slice(0, 3))
      for (const v of record.variants) {
        const r = renderVariant(v, row);
        if (r.ok) tokens += 2 * count(r.messages.map((m) => String(m.content)).join('\n'));
      }
    expect(first).toMatchObject({
      cells: 12,
      chatCalls: 12,
      cachedCells: 0,
      incompleteCells: 0,
      judgeCalls: 12,
      embeddingInputs: 0,
      promptTokens: tokens,
      idealChatSeconds: null, // no earlier reply to time it by
      chatYuan: null,
      embeddingsYuan: null,
    });
    expect(first.judgeInputTokens).toBeGreaterThan(12 * 50);
    expect(first.judgeYuan).toBeCloseTo(costYuan(first.judgeInputTokens), 12);
    expect(first.balanceYuan).toBeCloseTo(first.judgeYuan! + 4 * JUDGE_RESERVATION_YUAN, 12);

    const { id } = await call<EvalRunView>('evals.runs.start', { id: 'support', concurrency: 4 });
    await until(() => progress().some((p) => p.runId === id && p.state === 'done'), 'done');
    expect(
      await call<EvalRunEstimate>('evals.runs.estimate', { id: 'support', concurrency: 4 }),
    ).toMatchObject({
      cells: 12,
      chatCalls: 0,
      cachedCells: 12,
      promptTokens: tokens,
    });
    // One variant edited: only its cells are left for the gateway.
    const { id: _i, createdAt: _c, updatedAt: _u, ...spec } = record;
    await call('evals.update', {
      id: 'support',
      spec: { ...spec, variants: [spec.variants[0], { ...spec.variants[1], system: 'Be brief.' }] },
    });
    const edited = await call<EvalRunEstimate>('evals.runs.estimate', { id: 'support', concurrency: 4 });
    expect(edited).toMatchObject({ chatCalls: 6, cachedCells: 6 });
    // 6 calls at 4 at a time: 2 rounds of the mean reply time of the 12 sent.
    const sent = t.services.evalRuns.cells(id, 0, 3).map((c) => c.latencyMs!);
    const mean = sent.reduce((a, b) => a + b, 0) / sent.length;
    expect(edited.idealChatSeconds).toBeCloseTo((2 * mean) / 1000, 6);
  });

  it('refuses an eval it cannot run, naming the field', async () => {
    const { send } = setup(0);
    expect(await send('evals.runs.estimate', { id: 'support', concurrency: 4 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'dataset: The dataset has no rows: import some first.' },
    });
    expect(await send('evals.runs.estimate', { id: 'support', concurrency: 17 })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('concurrency: must be from 1 to 16') },
    });
  });
});
