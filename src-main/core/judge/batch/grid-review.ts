import type { BatchGridPage, BatchGridRow, GridFilter } from '../../../../src-shared/judge/batch-grid';
import type { CaseReview, RowReview } from '../../../../src-shared/judge/review-marks';
import type { ReviewRepository } from '../../db/review-repository';

/** The grid's filters that read the review (docs/architecture.md, "Review in the results"). */
export const MARK_FILTERS: readonly GridFilter[] = ['agreed', 'disagreed', 'commented', 'corrected'];

/** What a row shows of its case's review; undefined when the case has none. */
export function rowReview(mark: CaseReview | undefined, corrected: boolean): RowReview | undefined {
  if (!mark && !corrected) return undefined;
  return { verdict: mark?.verdict, commented: (mark?.comment ?? '') !== '', corrected };
}

/** Whether a row's review passes one of the mark filters. */
export function passesMarkFilter(filter: GridFilter, review: RowReview | undefined): boolean {
  if (filter === 'agreed') return review?.verdict === 'agree';
  if (filter === 'disagreed') return review?.verdict === 'disagree';
  if (filter === 'commented') return review?.commented === true;
  if (filter === 'corrected') return review?.corrected === true;
  return true;
}

/** A page's rows with their review, read in main (the first page comes straight from the tables). */
export function withReviews(
  page: BatchGridPage,
  reviews: ReviewRepository,
  runId: string,
  setId: string,
): BatchGridPage {
  const marks = reviews.marks(runId);
  const corrected = reviews.corrected(setId);
  if (marks.size === 0 && corrected.size === 0) return page;
  return {
    ...page,
    rows: page.rows.map((r): BatchGridRow => {
      const review = rowReview(marks.get(r.caseId), corrected.has(r.caseId));
      return review ? { ...r, review } : r;
    }),
  };
}
