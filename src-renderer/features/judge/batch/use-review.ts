import type { ReviewVerdict } from '../../../../src-shared/judge/review-marks';
import { useRouteMutation } from '../../../hooks/use-route';
import { refreshGrid } from './batch-progress-store';

/** Views that read a case's labels: a corrected label changes what they show. */
const LABEL_READERS = ['judge.batch.agreement', 'judge.batch.drift', 'judge.batch.gridCase'] as const;

/**
 * A case's mark and label correction from the results (docs/architecture.md, "Review in the
 * results"): each refreshes the grid's pages and the case's detail; a correction also the
 * agreement and drift, which count the label.
 */
export function useReview(runId: string) {
  // The grid refreshes from the mutation itself: the row that asked may be gone by the answer.
  const refresh = (_: unknown, input: { id: string }) => refreshGrid(input.id);
  const mark = useRouteMutation('judge.batch.mark', ['judge.batch.gridCase'], refresh);
  const correct = useRouteMutation('judge.batch.correctLabel', [...LABEL_READERS], refresh);
  return {
    mark,
    correct,
    /** Left undefined, the verdict or the comment stays as it was. */
    setMark: (caseId: string, verdict: ReviewVerdict | null | undefined, comment: string | undefined) =>
      mark.mutate({ id: runId, caseId, verdict, comment }),
    correctLabel: (caseId: string, question: string, value: number | boolean) =>
      correct.mutate({ id: runId, caseId, question, value }),
  };
}
