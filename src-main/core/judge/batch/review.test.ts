import { afterEach, describe, expect, it } from 'vitest';
import { casesStamp } from '../../db/cases-stamp';
import { batchGridSchema } from '../../../../src-shared/judge/batch-grid';
import type { BatchResult } from '../../../../src-shared/judge/batch-run';
import type { CaseDraft } from '../../../../src-shared/judge/case-answers';
import { correctLabelSchema, reviewMarkSchema } from '../../../../src-shared/judge/review-marks';
import { BatchGrid } from './batch-grid';
import { openSetBatch } from './batch.test-helper';
import { LabelledRunCache } from './labelled-run';
import { ReviewService } from './review-service';

const closers: (() => Promise<void>)[] = [];
afterEach(() => Promise.all(closers.splice(0).map((close) => close())));

const draft = (state: string, expected: CaseDraft['expected']): CaseDraft => ({ state, expected, note: '' });
const tone = (calm: number) => [
  {
    name: 'tone',
    kind: 'choice',
    options: [
      { name: 'calm', probability: calm },
      { name: 'angry', probability: 1 - calm },
    ],
  },
];

/** Three saved cases labelled by tone: c1 calm, c2 angry, c3 calm; the judge reads c1 and c2 calm, c3 waits. */
async function setup() {
  const b = await openSetBatch([
    draft('one', { tone: 0 }),
    draft('two', { tone: 1 }),
    draft('three', { tone: 0 }),
  ]);
  closers.push(b.close);
  const { db } = b;
  const labelled = new LabelledRunCache({ ...b.repos, labelsStamp: casesStamp(db) });
  const grid = new BatchGrid({ labelled, reviews: b.repos.reviews });
  let clock = 1000;
  const review = new ReviewService({ ...b.repos, db, now: () => ++clock, who: () => 'ada' });
  const run = await b.service.create({ setId: 'set-1', model: 'judge-1.13.0', concurrency: 1 });
  const put = (caseId: string, r: Partial<BatchResult>) => {
    const now = b.repos.batches.getRun(run.id)!;
    b.repos.batches.putResults(
      run.id,
      [{ runId: run.id, caseId, status: 'done', updatedAt: ++clock, modelAnswered: 'judge-1.13.0', ...r }],
      { ...now, updatedAt: clock },
    );
  };
  put('c1', { answers: tone(0.9) });
  put('c2', { answers: tone(0.8) });
  const page = (input: Record<string, unknown> = {}) =>
    grid.page(batchGridSchema.parse({ id: run.id, ...input }));
  const ids = (input: Record<string, unknown>) => page(input).rows.map((r) => r.caseId);
  return { b, grid, labelled, review, run, page, ids };
}

describe('review in a batch run’s results', () => {
  it('marks judged cases agree / disagree with a comment, and filters the grid by its marks', async () => {
    const { grid, review, run, page, ids } = await setup();
    grid.prepare(run.id);
    const graded = grid.loads;

    review.mark(reviewMarkSchema.parse({ id: run.id, caseId: 'c1', verdict: 'agree' }));
    review.mark(
      reviewMarkSchema.parse({
        id: run.id,
        caseId: 'c2',
        verdict: 'disagree',
        comment: ' judge misread it ',
      }),
    );

    expect(ids({ filter: 'agreed' })).toEqual(['c1']);
    expect(ids({ filter: 'disagreed' })).toEqual(['c2']);
    expect(ids({ filter: 'commented' })).toEqual(['c2']);
    expect(ids({ filter: 'corrected' })).toEqual([]);
    expect(page().rows.map((r) => r.review)).toEqual([
      { verdict: 'agree', commented: false, corrected: false },
      { verdict: 'disagree', commented: true, corrected: false },
      undefined,
    ]);
    expect(grid.case(run.id, 'c2').review).toMatchObject({
      verdict: 'disagree',
      comment: 'judge misread it',
    });
    // A mark changes no label: the graded rows are kept, only the mark filters are ordered again.
    expect(grid.loads).toBe(graded);

    // A verdict alone keeps the comment, a comment alone keeps the verdict (the A / D keys).
    review.mark(reviewMarkSchema.parse({ id: run.id, caseId: 'c2', verdict: 'agree' }));
    expect(grid.case(run.id, 'c2').review).toMatchObject({ verdict: 'agree', comment: 'judge misread it' });
    review.mark(reviewMarkSchema.parse({ id: run.id, caseId: 'c2', comment: 'fine after all' }));
    expect(grid.case(run.id, 'c2').review).toMatchObject({ verdict: 'agree', comment: 'fine after all' });

    // No verdict and no comment: the mark goes.
    review.mark(reviewMarkSchema.parse({ id: run.id, caseId: 'c1', verdict: null }));
    expect(ids({ filter: 'agreed' })).toEqual(['c2']);
    expect(page().rows[0].review).toBeUndefined();
  });

  it('refuses to mark a case the run has not judged, naming the field', async () => {
    const { review, run } = await setup();
    expect(() => review.mark(reviewMarkSchema.parse({ id: run.id, caseId: 'c3', verdict: 'agree' }))).toThrow(
      /caseId: “c3” has no result in this run yet/,
    );
    expect(
      reviewMarkSchema.safeParse({ id: run.id, caseId: 'c1', verdict: 'maybe' }).error?.issues[0],
    ).toMatchObject({
      path: ['verdict'],
      message: 'must be agree, disagree or null',
    });
  });

  it('corrects a label in place with its history, and the grid grades against the corrected label', async () => {
    const { b, grid, labelled, review, run, page, ids } = await setup();
    grid.prepare(run.id);
    expect(page().rows.map((r) => r.disagreements)).toEqual([0, 1, 0]);
    const loads = labelled.loads;

    const edits = review.correctLabel(
      correctLabelSchema.parse({ id: run.id, caseId: 'c2', question: 'tone', value: 0 }),
    );
    expect(edits.edits).toEqual([
      expect.objectContaining({
        caseId: 'c2',
        runId: run.id,
        question: 'tone',
        before: 1,
        after: 0,
        who: 'ada',
      }),
    ]);
    expect(b.repos.cases.get('c2')!.expected).toEqual({ tone: 0 });

    // The cached run held the old label: it is read again, and c2 now agrees with its label.
    expect(page().rows.map((r) => r.disagreements)).toEqual([0, 0, 0]);
    expect(labelled.loads).toBe(loads + 1);
    expect(ids({ filter: 'corrected' })).toEqual(['c2']);
    const detail = grid.case(run.id, 'c2');
    expect(detail.labels).toEqual({ tone: 'calm' });
    expect(detail.labelEdits.map((e) => [e.before, e.after, e.who])).toEqual([[1, 0, 'ada']]);
  });

  it('refuses a label the question cannot take, and a case outside the run’s set', async () => {
    const { review, run, b } = await setup();
    expect(() =>
      review.correctLabel(correctLabelSchema.parse({ id: run.id, caseId: 'c2', question: 'tone', value: 5 })),
    ).toThrow('value (tone): must be an option index from 0 to 1');
    expect(() =>
      review.correctLabel(
        correctLabelSchema.parse({ id: run.id, caseId: 'nope', question: 'tone', value: 0 }),
      ),
    ).toThrow(/caseId: “nope” is not a saved case/);
    expect(b.repos.cases.get('c2')!.expected).toEqual({ tone: 1 });
    expect(b.repos.reviews.labelEdits('c2')).toEqual([]);
  });
});
