import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../../db/open-database';
import { startSandbox, type SandboxServer } from '../../../sandbox/server';
import { costYuan, JUDGE_RESERVATION_YUAN } from '../../../../src-shared/judge/judge-estimate';
import { createBatchSchema } from '../../../../src-shared/judge/batch-inputs';
import type { BatchCase } from '../../../../src-shared/judge/batch-run';
import { memoryCaseSource } from './case-source';
import { openBatch, saveSampleSet, textCases, until } from './batch.test-helper';

const servers: SandboxServer[] = [];
const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(disposers.splice(0).map((d) => d()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(sandboxOpts: Parameters<typeof startSandbox>[0] = {}) {
  const sandbox = await startSandbox(sandboxOpts);
  servers.push(sandbox);
  const db = openMemoryDatabase();
  const batch = openBatch(db, sandbox);
  disposers.push(() => batch.service.dispose());
  saveSampleSet(batch.repos);
  return { sandbox, db, ...batch };
}

const finished = (b: ReturnType<typeof openBatch>, id: string, timeoutMs?: number) =>
  until(
    () => ['done', 'paused', 'cancelled'].includes(b.service.get(id).state),
    `run ${id} to stop`,
    timeoutMs,
  );

describe('judge batch runs against the Sandbox', () => {
  it('runs cases really in parallel: at concurrency 8 the Sandbox sees 8 judge requests in flight at once', async () => {
    const b = await setup({ judgeLatencyMs: 50 });
    const run = await b.service.create({
      setId: 'set-1',
      model: 'judge-1.13.0',
      concurrency: 8,
      cases: textCases(40),
    });
    expect(run.state).toBe('queued');
    expect(b.sandbox.state.judgeRequestTotal()).toBe(0); // creating sends nothing

    const estimate = await b.service.estimate(run.id);
    expect(estimate).toMatchObject({ cases: 40, unreadableCases: 0, concurrency: 8 });
    expect(estimate.inputTokens).toBeGreaterThan(40 * 20);
    expect(estimate.costYuan).toBeCloseTo(costYuan(estimate.inputTokens), 12);
    expect(estimate.reservedYuan).toBeCloseTo(8 * JUDGE_RESERVATION_YUAN, 12);
    expect(estimate.balanceNeededYuan).toBeCloseTo(estimate.costYuan + estimate.reservedYuan, 12);
    expect((await b.service.estimate(run.id, 2)).reservedYuan).toBeCloseTo(2 * JUDGE_RESERVATION_YUAN, 12);

    const started = performance.now();
    expect(b.service.start(run.id).state).toBe('running');
    await finished(b, run.id);
    const elapsed = performance.now() - started;

    const view = b.service.get(run.id);
    expect(view).toMatchObject({ state: 'done', done: 40, failed: 0, versions: { 'judge-1.13.0': 40 } });
    // The Sandbox counts requests in flight: the parallelism itself, which a loaded machine cannot
    // fake or spoil (the speed is measured by `npm run bench`, not here).
    expect(b.sandbox.state.peakJudges).toBe(8);
    // 40 cases at 50 ms each, 8 at a time, cannot take less than 5 × 50 ms.
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(b.sandbox.state.judgeRequestTotal()).toBe(40);
    expect(view.tokens).toBeGreaterThan(0);
    expect(view.yuan).toBeCloseTo(costYuan(view.tokens), 12);

    const page = b.service.results(run.id, 0, 10);
    expect(page.total).toBe(40);
    expect(page.results.map((r) => r.caseId)).toEqual(textCases(10).map((c) => c.id));
    expect(page.results[0]).toMatchObject({ status: 'done', modelAnswered: 'judge-1.13.0' });
    expect(page.results[0].answers?.map((a) => a.name)).toEqual(['tone', 'quality', 'cats']);
    expect(page.results[0].inputTokens).toBeGreaterThan(0);
    expect(page.results[0].latencyMs).toBeGreaterThanOrEqual(45);
    expect(JSON.parse(page.results[0].raw!).model).toBe('judge-1.13.0');

    // Progress: the last event says done; never more than about five a second per run.
    const last = b.events.at(-1)!;
    expect(last).toMatchObject({ runId: run.id, state: 'done', done: 40, failed: 0, total: 40, etaMs: 0 });
    expect(b.events.length).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 3);
    const mid = b.events.find((e) => e.state === 'running' && e.done > 0 && e.done < 40);
    expect(mid?.etaMs).toBeGreaterThan(0);
  });

  it('slows down on 429: honours Retry-After, halves the concurrency, and sends each case once', async () => {
    const b = await setup({ rateLimit: 4 });
    const run = await b.service.create({
      setId: 'set-1',
      model: 'judge-latest',
      concurrency: 8,
      cases: textCases(12),
    });
    const started = performance.now();
    b.service.start(run.id);
    await finished(b, run.id, 20_000);
    const view = b.service.get(run.id);
    expect(view).toMatchObject({ state: 'done', done: 12, failed: 0, versions: { 'judge-1.14.0': 12 } });
    expect(view.rateLimited).toBeGreaterThan(0);
    // Retry-After is a whole second on the Sandbox: 12 requests at 4 a second need two waits.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Math.min(...b.events.map((e) => e.concurrency))).toBeLessThanOrEqual(4);
    // Refused requests never reached the judge; every case was answered exactly once.
    expect(b.sandbox.state.judgeRequestTotal()).toBe(12);
    for (const c of textCases(12)) expect(b.sandbox.state.judgeRequestsFor(c.state.text)).toBe(1);
  });

  it('pauses on 402 with the balance explanation, and resumes once the balance is there', async () => {
    // Room for two reservations, not three.
    const b = await setup({ judgeLatencyMs: 80, balanceYuan: 2.5 * JUDGE_RESERVATION_YUAN });
    const run = await b.service.create({
      setId: 'set-1',
      model: 'judge-1.13.0',
      concurrency: 4,
      cases: textCases(6),
    });
    b.service.start(run.id);
    await finished(b, run.id);
    const paused = b.service.get(run.id);
    expect(paused.state).toBe('paused');
    expect(paused.pauseReason).toMatchObject({ code: 'payment_required', status: 402 });
    expect(paused.pauseReason?.message).toMatch(/reserves about 0\.023 yuan/);
    expect(paused.done).toBe(2); // the two that held a reservation were answered and kept
    expect(b.events.at(-1)).toMatchObject({ state: 'paused', pauseReason: { code: 'payment_required' } });

    b.sandbox.state.balanceYuan = 1;
    expect(b.service.resume(run.id, 2).state).toBe('running');
    await finished(b, run.id);
    expect(b.service.get(run.id)).toMatchObject({ state: 'done', done: 6, concurrency: 2 });
    expect(b.service.get(run.id).pauseReason).toBeUndefined();
    for (const c of textCases(6)) {
      const answered = b.service.results(run.id, 0, 10).results.find((r) => r.caseId === c.id);
      expect(answered?.status).toBe('done');
    }
  });

  it('cancels at once: requests in flight are aborted and nothing more is sent', async () => {
    const b = await setup({ judgeLatencyMs: 100 });
    const run = await b.service.create({
      setId: 'set-1',
      model: 'judge-1.13.0',
      concurrency: 2,
      cases: textCases(30),
    });
    b.service.start(run.id);
    await until(() => b.service.get(run.id).done >= 2, 'two answers');
    const cancelled = await b.service.cancel(run.id);
    expect(cancelled.state).toBe('cancelled');
    // Requests already on the wire may land a moment later; none is sent after them.
    await new Promise((r) => setTimeout(r, 100));
    const sent = b.sandbox.state.judgeRequestTotal();
    expect(sent).toBeLessThanOrEqual(cancelled.done + 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(b.sandbox.state.judgeRequestTotal()).toBe(sent);
    expect(b.sandbox.state.activeJudges).toBe(0);
    expect(b.service.get(run.id).done).toBeLessThan(30);
    expect(() => b.service.resume(run.id)).toThrow(/cancelled batch run cannot be resumed/);
  });

  it('pauses on request, keeping what was in flight, and resumes without re-sending', async () => {
    const b = await setup({ judgeLatencyMs: 60 });
    const run = await b.service.create({
      setId: 'set-1',
      model: 'judge-1.13.0',
      concurrency: 3,
      cases: textCases(15),
    });
    b.service.start(run.id);
    await until(() => b.service.get(run.id).done >= 3, 'three answers');
    const paused = await b.service.pause(run.id);
    expect(paused.state).toBe('paused');
    expect(paused.pauseReason).toBeUndefined();
    expect(b.sandbox.state.judgeRequestTotal()).toBe(paused.done); // every request sent was kept
    b.service.resume(run.id);
    await finished(b, run.id);
    expect(b.service.get(run.id)).toMatchObject({ state: 'done', done: 15 });
    expect(b.sandbox.state.judgeRequestTotal()).toBe(15);
  });

  it('keeps a failed case with its error and retries it alone', async () => {
    const sandbox = await startSandbox();
    servers.push(sandbox);
    const cases: BatchCase[] = textCases(4);
    cases.push({ id: 'broken', state: { mode: 'json', text: '[1]' } });
    const b = openBatch(openMemoryDatabase(), sandbox, { mine: memoryCaseSource(cases) });
    disposers.push(() => b.service.dispose());
    saveSampleSet(b.repos);
    const run = await b.service.create({
      setId: 'set-1',
      model: 'judge-preview',
      concurrency: 4,
      source: { kind: 'named', key: 'mine' },
    });
    expect(run.totals.cases).toBe(5);
    expect((await b.service.estimate(run.id)).unreadableCases).toBe(1);
    b.service.start(run.id);
    await finished(b, run.id);
    expect(b.service.get(run.id)).toMatchObject({ state: 'done', done: 4, failed: 1 });
    const failed = b.service.results(run.id, 0, 10, 'failed');
    expect(failed.total).toBe(1);
    expect(failed.results[0]).toMatchObject({
      caseId: 'broken',
      status: 'failed',
      error: { code: 'invalid_input' },
    });
    expect(failed.results[0].error?.message).toMatch(/state: must be a JSON object/);
    expect(sandbox.state.judgeRequestTotal()).toBe(4);

    await expect(b.service.retryCase(run.id, 'case-000')).rejects.toThrow(
      /only a failed case can be retried/,
    );
    cases[4] = { id: 'broken', state: { mode: 'text', text: 'mended: calm cats' } };
    const retried = await b.service.retryCase(run.id, 'broken');
    expect(retried).toMatchObject({ status: 'done', modelAnswered: 'judge-1.15.0-preview' });
    expect(retried.error).toBeUndefined();
    expect(sandbox.state.judgeRequestTotal()).toBe(5); // that one case, nothing else
    expect(b.service.get(run.id)).toMatchObject({
      done: 5,
      failed: 0,
      versions: { 'judge-1.15.0-preview': 5 },
    });
  });

  it('survives a restart: a running run goes on and never re-sends a case that was done', async () => {
    const sandbox = await startSandbox({ judgeLatencyMs: 60 });
    servers.push(sandbox);
    const db = openMemoryDatabase();
    const first = openBatch(db, sandbox);
    saveSampleSet(first.repos);
    const cases = textCases(24);
    const run = await first.service.create({ setId: 'set-1', model: 'judge-1.13.0', concurrency: 4, cases });
    first.service.start(run.id);
    await until(() => first.service.get(run.id).done >= 8, 'eight answers');
    await first.service.dispose(); // the app quits mid-run
    expect(first.repos.batches.getRun(run.id)?.state).toBe('running');
    const doneBefore = first.repos.batches.results(run.id, 0, 100, 'done').map((r) => r.caseId);
    expect(doneBefore.length).toBeGreaterThanOrEqual(8);
    expect(doneBefore.length).toBeLessThan(24);
    const sentBefore = sandbox.state.judgeRequestTotal();

    const second = openBatch(db, sandbox); // the next start, on the same database
    disposers.push(() => second.service.dispose());
    second.service.resumeInterrupted();
    await finished(second, run.id);
    expect(second.service.get(run.id)).toMatchObject({ state: 'done', done: 24, failed: 0 });
    for (const c of cases) {
      const sent = sandbox.state.judgeRequestsFor(c.state.text);
      if (doneBefore.includes(c.id)) expect(sent, c.id).toBe(1);
      else expect(sent, c.id).toBeLessThanOrEqual(2); // at most once more if cut in flight
    }
    // Each case reached the Sandbox once, plus at most the four cut in flight by the quit (an
    // aborted request may still be counted after `sentBefore` was read).
    expect(sentBefore).toBeGreaterThanOrEqual(doneBefore.length);
    expect(sandbox.state.judgeRequestTotal()).toBeGreaterThanOrEqual(24);
    expect(sandbox.state.judgeRequestTotal()).toBeLessThanOrEqual(24 + 4);
  });

  it('checks route inputs with messages naming the field and the rule', () => {
    const base = { setId: 'set-1', model: 'judge-1.13.0', cases: textCases(1) };
    const issue = (input: unknown) => {
      const r = createBatchSchema.safeParse(input);
      return r.success ? undefined : `${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message}`;
    };
    expect(createBatchSchema.parse(base).concurrency).toBe(4);
    expect(issue({ ...base, concurrency: 17 })).toBe('concurrency: must be from 1 to 16');
    expect(issue({ ...base, concurrency: 0 })).toBe('concurrency: must be from 1 to 16');
    expect(issue({ ...base, model: 'gpt' })).toMatch(/^model: must be one of judge-1.13.0/);
    expect(issue({ ...base, cases: [] })).toBe('cases: must hold at least one case');
    expect(issue({ ...base, cases: [...textCases(1), ...textCases(1)] })).toBe(
      'cases: must not repeat a case id',
    );
    expect(issue({ ...base, cases: [{ id: 'a b', state: { mode: 'text', text: 'x' } }] })).toMatch(
      /^cases.0.id: must be 1 to 120/,
    );
  });
});
