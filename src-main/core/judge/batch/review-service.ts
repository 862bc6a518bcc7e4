import { userInfo } from 'node:os';
import type { DatabaseSync } from 'node:sqlite';
import { checkExpected } from '../../../../src-shared/judge/case-answers';
import type {
  CaseReview,
  CorrectLabelInput,
  LabelEdit,
  ReviewMarkInput,
} from '../../../../src-shared/judge/review-marks';
import { AppFailure } from '../../../../src-shared/result';
import type { ReviewRepository } from '../../db/review-repository';
import { transaction } from '../../db/transaction';
import { type LabelledRunDeps, runRevision } from './labelled-run';

export interface ReviewServiceDeps extends LabelledRunDeps {
  db: DatabaseSync;
  reviews: ReviewRepository;
  now: () => number;
  /** Who corrects a label: the OS user's name (there is no login), "you" when it has none. */
  who?: () => string;
}

/** The OS user's name, or "you" (docs/architecture.md, "Review in the results"). */
export function osUserName(): string {
  try {
    return userInfo().username || 'you';
  } catch {
    return 'you';
  }
}

/** A case's review as its detail shows it: the mark and the label edits, oldest first. */
export interface CaseReviewDetail {
  review?: CaseReview;
  edits: LabelEdit[];
}

/**
 * Marks and label corrections made from a batch run's results (docs/architecture.md, "Review in
 * the results"). One row each: none of this reads the run's cases, so main answers at once
 * whatever the run's size. A corrected label is a saved case's edit, which moves the set's cases
 * stamp, so every loaded run and grid index holding the old label (main's and the workers') is
 * rebuilt on its next read.
 */
export class ReviewService {
  constructor(private readonly deps: ReviewServiceDeps) {}

  mark(input: ReviewMarkInput): CaseReview | undefined {
    this.judgedCase(input.id, input.caseId);
    const kept = this.deps.reviews.mark(input.id, input.caseId);
    const verdict = input.verdict === undefined ? (kept?.verdict ?? null) : input.verdict;
    const comment = input.comment === undefined ? (kept?.comment ?? '') : input.comment.trim();
    this.deps.reviews.setMark(input.id, input.caseId, verdict, comment, this.deps.now());
    return this.deps.reviews.mark(input.id, input.caseId);
  }

  detail(runId: string, caseId: string): CaseReviewDetail {
    runRevision(this.deps, runId);
    return { review: this.deps.reviews.mark(runId, caseId), edits: this.deps.reviews.labelEdits(caseId) };
  }

  correctLabel(input: CorrectLabelInput): CaseReviewDetail {
    const { revision, run } = runRevision(this.deps, input.id);
    const saved = this.deps.cases.get(input.caseId);
    if (!saved || saved.setId !== run.setId)
      throw new AppFailure({
        code: 'invalid_input',
        message: `caseId: “${input.caseId}” is not a saved case of this run's set, so it has no label to correct.`,
      });
    const problems = checkExpected(revision.questions, { [input.question]: input.value });
    if (problems.length > 0)
      throw new AppFailure({
        code: 'invalid_input',
        message: problems.map((p) => `value (${p.key}): ${p.reason}`).join('; '),
      });
    const before = Object.hasOwn(saved.expected, input.question) ? saved.expected[input.question] : undefined;
    const at = Math.max(this.deps.now(), saved.updatedAt + 1);
    transaction(this.deps.db, () => {
      this.deps.cases.update({
        ...saved,
        expected: { ...saved.expected, [input.question]: input.value },
        updatedAt: at,
      });
      this.deps.reviews.addLabelEdit({
        caseId: saved.id,
        runId: run.id,
        question: input.question,
        before,
        after: input.value,
        who: (this.deps.who ?? osUserName)(),
        at,
      });
    });
    return this.detail(input.id, input.caseId);
  }

  /** A mark is of a case the run judged: one with a result. */
  private judgedCase(runId: string, caseId: string): void {
    runRevision(this.deps, runId);
    if (!this.deps.batches.getResult(runId, caseId))
      throw new AppFailure({
        code: 'invalid_input',
        message: `caseId: “${caseId}” has no result in this run yet; only a judged case can be marked.`,
      });
  }
}
