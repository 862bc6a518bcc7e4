import { afterEach, describe, expect, it } from 'vitest';
import { casesStamp } from '../../db/cases-stamp';
import { batchGridSchema } from '../../../../src-shared/judge/batch-grid';
import type { BatchResult, BatchRun } from '../../../../src-shared/judge/batch-run';
import type { CaseDraft } from '../../../../src-shared/judge/case-answers';
import { sampleQuestions } from '../sample-questions.test-helper';
import { BatchGrid } from './batch-grid';
import { openSetBatch, until } from './batch.test-helper';
import { LabelledRunCache, loadLabelledRun } from './labelled-run';
import { parseSetCasesKey, setCasesKey } from './set-case-source';

const closers: (() => Promise<void>)[] = [];
afterEach(() => Promise.all(closers.splice(0).map((close) => close())));

/** The batch service with the set's saved cases as a named source, as createServices wires it. */
async function setup(drafts: CaseDraft[]) {
  const b = await openSetBatch(drafts);
  closers.push(b.close);
  const grid = new BatchGrid({
    labelled: new LabelledRunCache({ ...b.repos, labelsStamp: casesStamp(b.db) }),
  });
  return { ...b, grid };
}

const draft = (state: string, expected: CaseDraft['expected']): CaseDraft => ({ state, expected, note: '' });

const answers = (tone: [number, number], quality: [number, number, number], cats: number) => [
  {
    name: 'tone',
    kind: 'choice',
    options: [
      { name: 'calm', probability: tone[0] },
      { name: 'angry', probability: tone[1] },
    ],
  },
  {
    name: 'quality',
    kind: 'score',
    base: 0,
    levels: quality.map((probability, index) => ({ index, label: String(index), probability })),
  },
  { name: 'cats', kind: 'noul', noul: cats },
];

let at = 10;
function put(b: Awaited<ReturnType<typeof setup>>, run: BatchRun, caseId: string, r: Partial<BatchResult>) {
  at++;
  const now = b.repos.batches.getRun(run.id)!;
  b.repos.batches.putResults(
    run.id,
    [{ runId: run.id, caseId, status: 'done', updatedAt: at, modelAnswered: 'judge-1.13.0', ...r }],
    { ...now, updatedAt: at },
  );
}

const page = (b: Awaited<ReturnType<typeof setup>>, id: string, input: Record<string, unknown> = {}) =>
  b.grid.page(batchGridSchema.parse({ id, ...input }));
const ids = (p: { rows: { caseId: string }[] }) => p.rows.map((r) => r.caseId);

/**
 * Five hand-worked cases (labels: tone by option index, quality by level, cats true/false):
 * c1 reads calm / level 1 / true (0.8): quality and cats disagree; confidence 0.6 (the score's).
 * c2 reads calm (0.9) against angry: one disagreement; confidence 0.9.
 * c3 failed; c4 has no result yet; c5 agrees everywhere; confidence 0.52 (cats 0.52 at 0.5).
 */
async function fiveCases() {
  const b = await setup([
    draft('one about cats', { tone: 0, quality: 2, cats: false }),
    draft('two', { tone: 1 }),
    draft('three about cats', {}),
    draft('four', {}),
    draft('five about cats', { tone: 1, quality: 2, cats: true }),
  ]);
  const run = await b.service.create({ setId: 'set-1', model: 'judge-1.13.0', concurrency: 2 });
  put(b, run, 'c1', { answers: answers([0.7, 0.3], [0.1, 0.6, 0.3], 0.8), latencyMs: 40 });
  put(b, run, 'c2', { answers: answers([0.9, 0.1], [0.05, 0.9, 0.05], 0.1) });
  put(b, run, 'c3', { status: 'failed', error: { code: 'bad_request', message: 'state too long' } });
  put(b, run, 'c5', { answers: answers([0.45, 0.55], [0, 0, 1], 0.52) });
  return { b, run };
}

describe('the results grid of a batch run', () => {
  it('sorts by case, disagreement and confidence, filters disagreements and errors, and pages', async () => {
    const { b, run } = await fiveCases();
    const all = page(b, run.id);
    expect(all.total).toBe(5);
    expect(ids(all)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(all.rows.map((r) => r.status)).toEqual(['done', 'done', 'failed', 'pending', 'done']);
    expect(all.rows.map((r) => r.disagreements)).toEqual([2, 1, 0, 0, 0]);
    expect(all.rows[0]).toMatchObject({
      preview: 'one about cats',
      latencyMs: 40,
      modelAnswered: 'judge-1.13.0',
    });
    expect(all.rows[2].error?.message).toBe('state too long');
    expect(all.rows[0].confidence).toBeCloseTo(0.6, 12);
    expect(all.rows[4].confidence).toBeCloseTo(0.52, 12);
    expect(all.thresholds).toEqual({ cats: 0.5 });
    expect(all.questions.map((q) => q.name)).toEqual(['tone', 'quality', 'cats']);

    expect(ids(page(b, run.id, { sort: 'disagreement' }))).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    // Lowest confidence first; cases without one (failed, waiting) last, in case order.
    expect(ids(page(b, run.id, { sort: 'confidence' }))).toEqual(['c5', 'c1', 'c2', 'c3', 'c4']);
    const disagreeing = page(b, run.id, { filter: 'disagreements', sort: 'confidence' });
    expect([disagreeing.total, ids(disagreeing)]).toEqual([2, ['c1', 'c2']]);
    expect(ids(page(b, run.id, { filter: 'errors' }))).toEqual(['c3']);
    const second = page(b, run.id, { sort: 'confidence', offset: 2, limit: 2 });
    expect([second.total, ids(second)]).toEqual([5, ['c2', 'c3']]);
    expect(page(b, run.id, { offset: 10 }).rows).toEqual([]);

    // c5 answered against all three of its labels: most disagreements first, out of case order.
    put(b, run, 'c5', { answers: answers([0.9, 0.1], [0.9, 0.05, 0.05], 0.1) });
    const most = page(b, run.id, { sort: 'disagreement' });
    expect(ids(most)).toEqual(['c5', 'c1', 'c2', 'c3', 'c4']);
    expect(most.rows.map((r) => r.disagreements)).toEqual([3, 2, 1, 0, 0]);
  });

  it('reads noul at the latest revision threshold, even for a run of an older revision', async () => {
    const { b, run } = await fiveCases();
    expect(page(b, run.id).rows[0].disagreements).toBe(2);
    const set = b.repos.sets.get('set-1')!;
    b.repos.sets.put({
      ...set,
      updatedAt: 2,
      revisions: [
        ...set.revisions,
        {
          revision: 2,
          savedAt: 2,
          questions: sampleQuestions,
          tuning: { thresholds: { cats: 0.85 }, minimums: {} },
        },
      ],
    });
    const tuned = page(b, run.id);
    expect(tuned.thresholds).toEqual({ cats: 0.85 });
    // c1's 0.8 now reads false, as labelled: only quality still disagrees.
    expect(tuned.rows[0].disagreements).toBe(1);
    expect(tuned.rows[0].cells[2]).toMatchObject({ verdict: false, threshold: 0.85, disagrees: false });
  });

  it('grades the run once while its results stay the same, and again when a result arrives or a label changes', async () => {
    const { b, run } = await fiveCases();
    page(b, run.id);
    page(b, run.id, { sort: 'confidence' });
    page(b, run.id, { offset: 3, limit: 1 });
    expect(b.grid.loads).toBe(1);

    put(b, run, 'c4', { answers: answers([0.2, 0.8], [0.3, 0.3, 0.4], 0.3) });
    const after = page(b, run.id);
    expect(b.grid.loads).toBe(2);
    expect(after.rows[3]).toMatchObject({ caseId: 'c4', status: 'done' });
    expect(ids(page(b, run.id, { sort: 'confidence' }))[0]).toBe('c4'); // 0.4, the lowest now

    // A label edited since changes no count, but the cases' stamp: the grid is built again.
    const c5 = b.repos.cases.get('c5')!;
    expect(page(b, run.id).rows[4].disagreements).toBe(0);
    b.repos.cases.update({ ...c5, expected: { tone: 0 }, updatedAt: c5.updatedAt + 1 });
    expect(page(b, run.id).rows[4].disagreements).toBe(1);
    expect(b.grid.loads).toBe(3);
  });

  it('opens one case with its result as a single run and its labels', async () => {
    const { b, run } = await fiveCases();
    const c1 = b.grid.case(run.id, 'c1');
    expect(c1).toMatchObject({
      caseId: 'c1',
      position: 0,
      status: 'done',
      state: { mode: 'text', text: 'one about cats' },
      labels: { tone: 'calm', quality: 2, cats: false },
    });
    expect(c1.opened?.run).toMatchObject({ modelAsked: 'judge-1.13.0', latencyMs: 40, setRevision: 1 });
    expect(c1.opened?.questions).toHaveLength(3);
    expect(b.grid.case(run.id, 'c3')).toMatchObject({ status: 'failed', opened: undefined });
    expect(() => b.grid.case(run.id, 'nope')).toThrow(/not among this run's cases/);
    expect(() => page(b, 'missing-run')).toThrow(/no longer exists/);
  });

  it('runs over the cases a filter matches, keeps the filter in the key, and grades only those', async () => {
    const { b } = await fiveCases();
    const run = await b.service.create({
      setId: 'set-1',
      model: 'judge-1.13.0',
      concurrency: 2,
      filter: 'cats',
    });
    expect(run.totals.cases).toBe(3);
    expect(run.source).toEqual({ kind: 'named', key: 'set-cases:set-1?filter=cats' });
    // A run made before filters keeps its plain key, which still reads every case.
    expect(
      (await b.service.create({ setId: 'set-1', model: 'judge-1.13.0', concurrency: 1 })).source,
    ).toEqual({
      kind: 'named',
      key: setCasesKey('set-1'),
    });
    expect(parseSetCasesKey('set-cases:set-1')).toEqual({ setId: 'set-1' });
    expect(parseSetCasesKey(setCasesKey('set-1', '50% ?filter=&x'))).toEqual({
      setId: 'set-1',
      filter: '50% ?filter=&x',
    });
    expect(parseSetCasesKey('other:set-1')).toBeUndefined();
    await expect(
      b.service.create({ setId: 'set-1', model: 'judge-1.13.0', concurrency: 2, filter: 'dogs' }),
    ).rejects.toThrow(/filter: no saved test case matches “dogs”/);
    b.service.start(run.id);
    await until(() => b.service.get(run.id).state === 'done', 'the filtered run to finish');
    expect(loadLabelledRun(b.repos, run.id).rows.map((r) => r.caseId)).toEqual(['c1', 'c3', 'c5']);
    const grid = page(b, run.id);
    expect(ids(grid)).toEqual(['c1', 'c3', 'c5']);
    expect(
      grid.rows.every((r) => r.status === 'done' && r.cells.every((c) => c.confidence !== undefined)),
    ).toBe(true);
    expect(b.grid.case(run.id, 'c3').opened?.run.modelAnswered).toBe('judge-1.13.0');

    // Once over, the run's cases are those it judged: a case edited out of its filter stays, a
    // matching case added since is not its (it would read as unanswered in every view).
    const c3 = b.repos.cases.get('c3')!;
    b.repos.cases.update({ ...c3, state: 'three, now about dogs', updatedAt: c3.updatedAt + 1 });
    b.repos.cases.append('set-1', [draft('six about cats', { cats: true })], () => 'c6', 99);
    expect(ids(page(b, run.id))).toEqual(['c1', 'c3', 'c5']);
    expect(loadLabelledRun(b.repos, run.id).rows.map((r) => r.result?.status)).toEqual([
      'done',
      'done',
      'done',
    ]);
  });
});
