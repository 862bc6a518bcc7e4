import { describe, expect, it } from 'vitest';
import { columnStats, RunStatsAccumulator, specColumns } from '../../../src-shared/evals/stats';
import { AppFailure } from '../../../src-shared/result';
import { openMemoryDatabase } from '../db/open-database';
import type { JobContext } from '../workers/worker-host';
import { EVAL_COMPARE_JOB, EVAL_FILTER_JOB, EVAL_STATS_JOB, evalStatsJobs } from './eval-stats-job';
import { MARKS_TABLE_SQL, type SeedCell, seedStatsRun } from './eval-stats.test-helper';

const ctx: JobContext = { progress: () => undefined };
const terseA = { variantId: 'terse', targetId: 'a' };
const warmA = { variantId: 'warm', targetId: 'a' };

/** 12 rows: terse passes rows 0–5, warm rows 0–9; row 11 errors on warm/a; scores follow. */
const seed = (row: number, v: string, t: string): SeedCell | undefined => {
  if (v === 'warm' && t === 'a' && row === 11) return { failed: true };
  const pass = v === 'terse' ? row < 6 : row < 10;
  return { pass, noul: pass ? 0.8 : 0.2, score: pass ? 3 : 1, latencyMs: 100 + row };
};

function setUp(marks = true) {
  const db = openMemoryDatabase();
  const { runId, spec } = seedStatsRun(db, {
    rows: 12,
    cell: seed,
    minimums: [{ kind: 'not-worse', of: 'checks', a: terseA, b: warmA, margin: 0 }],
  });
  if (marks) db.exec(MARKS_TABLE_SQL);
  const jobs = evalStatsJobs(db);
  return { db, runId, spec, jobs };
}

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppFailure ? err.error : err;
  }
  throw new Error('did not throw');
};

describe('the eval statistics job', () => {
  it('gives every column’s figures as the same cells pushed in memory do, and the run’s gates', () => {
    const { runId, spec, jobs } = setUp();
    const stats = jobs[EVAL_STATS_JOB]({ runId, marksOf: 'checks' }, ctx);
    const acc = new RunStatsAccumulator(specColumns(spec));
    for (let r = 0; r < 12; r++)
      for (const c of specColumns(spec)) {
        const s = seed(r, c.variantId, c.targetId)!;
        const grades = [
          { name: 'offers_refund', kind: 'noul', noul: s.noul },
          { name: 'helpfulness', kind: 'score', score: s.score, base: 0, position: s.score, levels: [] },
        ];
        acc.push(
          s.failed
            ? { row: r, ...c, sample: 0, state: 'failed' }
            : {
                row: r,
                ...c,
                sample: 0,
                state: 'done',
                latencyMs: s.latencyMs,
                checks: [{ pass: s.pass! }],
                grades,
              },
        );
      }
    expect(stats.columns).toEqual(acc.finish().map((d) => columnStats(d)));
    expect(
      stats.columns.map((c) => [c.column.variantId, c.column.targetId, c.checks.estimate, c.errored]),
    ).toEqual([
      ['terse', 'a', 0.5, 0],
      ['terse', 'b', 0.5, 0],
      ['warm', 'a', 10 / 11, 1],
      ['warm', 'b', 10 / 12, 0],
    ]);
    expect(stats.gates).toHaveLength(1);
    expect(stats.gates[0].sentence).toMatch(/^Warm × sandbox-chat not worse than Terse × sandbox-chat/);
    expect(stats.marks).toBeNull();
  });

  it('never reads the replies: a reply that is not JSON changes nothing', () => {
    const { db, runId, jobs } = setUp();
    const before = jobs[EVAL_STATS_JOB]({ runId, marksOf: 'checks' }, ctx);
    db.prepare("UPDATE eval_cells SET reply = '{not json'").run();
    // The stamp moves so the job reads the cells again.
    db.prepare('UPDATE eval_runs SET updated_at = 3 WHERE id = ?').run(runId);
    expect(jobs[EVAL_STATS_JOB]({ runId, marksOf: 'checks' }, ctx)).toEqual(before);
  });

  it('reads the cells again once the run changes, not before', () => {
    const { db, runId, jobs } = setUp();
    const first = jobs[EVAL_STATS_JOB]({ runId, marksOf: 'checks' }, ctx);
    db.prepare(
      "UPDATE eval_cells SET checks = '[{\"pass\":false}]' WHERE variant_id = 'terse' AND target_id = 'a'",
    ).run();
    expect(jobs[EVAL_STATS_JOB]({ runId, marksOf: 'checks' }, ctx)).toEqual(first);
    db.prepare('UPDATE eval_runs SET updated_at = 3 WHERE id = ?').run(runId);
    expect(jobs[EVAL_STATS_JOB]({ runId, marksOf: 'checks' }, ctx).columns[0].checks.estimate).toBe(0);
  });

  it('compares two columns with their names in the sentence', () => {
    const { runId, jobs } = setUp();
    const c = jobs[EVAL_COMPARE_JOB]({ runId, a: terseA, b: warmA, of: 'checks' }, ctx);
    // Row 11 errored on warm/a: 11 rows paired; terse passes 6, warm 10; 4 flips, all warm's.
    expect(c).toMatchObject({ rows: 11, test: 'mcnemarExact', flips: { aOnly: 0, bOnly: 4 } });
    expect(c.pValue).toBeCloseTo(0.125, 12);
    expect(c.sentence).toMatch(/^not decisive \(Warm × sandbox-chat − Terse × sandbox-chat = \+36 points/);
  });

  it('filters rows where two columns disagree, where a column fails a check or errored, a page at a time', () => {
    const { runId, jobs } = setUp();
    const filter = (
      f: Parameters<(typeof jobs)[typeof EVAL_FILTER_JOB]>[0]['filter'],
      from = 0,
      limit = 100,
    ) => jobs[EVAL_FILTER_JOB]({ runId, filter: f, from, limit }, ctx);
    expect(filter({ kind: 'disagree', a: terseA, b: warmA, of: 'checks' })).toEqual({
      positions: [6, 7, 8, 9],
      total: 4,
      from: 0,
    });
    expect(filter({ kind: 'disagree', a: terseA, b: warmA, of: { question: 'helpfulness' } }, 1, 2)).toEqual({
      positions: [7, 8],
      total: 4,
      from: 1,
    });
    expect(filter({ kind: 'fails-check', column: warmA })).toEqual({ positions: [10], total: 1, from: 0 });
    expect(filter({ kind: 'errored', column: warmA })).toEqual({ positions: [11], total: 1, from: 0 });
    expect(
      failure(() => filter({ kind: 'errored', column: { variantId: 'cold', targetId: 'a' } })),
    ).toMatchObject({
      code: 'invalid_input',
      message: 'filter.column: the run has no column cold × a',
    });
  });

  it('measures the grader against the user’s marks, through the marks table', () => {
    const { db, runId, jobs } = setUp();
    const mark = db.prepare(
      "INSERT INTO eval_cell_marks (run_id, row_position, variant_id, target_id, sample, mark, updated_at) VALUES (?, ?, 'terse', 'a', 0, ?, 1)",
    );
    // Rows 0–5 pass: marked good 0–4 and bad 5; rows 6–11 fail: marked bad 6–9 and good 10.
    for (let r = 0; r <= 10; r++) mark.run(runId, r, r <= 4 || r === 10 ? 'good' : 'bad');
    const { marks } = jobs[EVAL_STATS_JOB]({ runId, marksOf: { question: 'offers_refund' } }, ctx);
    expect(marks).toMatchObject({
      cases: 11,
      counts: { goodPass: 5, goodFail: 1, badPass: 1, badFail: 4 },
      agreement: { successes: 9, n: 11 },
    });
  });

  it('says a missing run is not found and a choice or unknown column by its field', () => {
    const { runId, jobs } = setUp(false);
    expect(failure(() => jobs[EVAL_STATS_JOB]({ runId: 'nope', marksOf: 'checks' }, ctx))).toMatchObject({
      code: 'not_found',
    });
    // Without the marks table (before migration 12) there are no marks, and nothing fails.
    expect(jobs[EVAL_STATS_JOB]({ runId, marksOf: 'checks' }, ctx).marks).toBeNull();
    expect(
      failure(() =>
        jobs[EVAL_COMPARE_JOB](
          { runId, a: terseA, b: { variantId: 'terse', targetId: 'z' }, of: 'checks' },
          ctx,
        ),
      ),
    ).toMatchObject({ code: 'invalid_input', message: 'b: the run has no column terse × z' });
  });
});
