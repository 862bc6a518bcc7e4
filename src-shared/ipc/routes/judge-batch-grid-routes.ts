import { route } from '../define-route';
import {
  type BatchGridCase,
  batchGridCaseSchema,
  type BatchGridPage,
  batchGridSchema,
} from '../../judge/batch-grid';
import { type CaseReview, correctLabelSchema, reviewMarkSchema } from '../../judge/review-marks';

/** The results grid of a batch run (docs/architecture.md, "Batch runs view"). */
export const judgeBatchGridRoutes = {
  /** A page of the run's cases, graded against their labels, sorted and filtered over the whole run. */
  'judge.batch.grid': route<BatchGridPage>()(batchGridSchema),
  /** One case of the run with its full result, as the single-run view shows it, and its labels. */
  'judge.batch.gridCase': route<BatchGridCase>()(batchGridCaseSchema),
  /** Marks a judged case agree / disagree with the judge and comments it; null and '' remove the mark. */
  'judge.batch.mark': route<CaseReview | null>()(reviewMarkSchema),
  /** Corrects a saved case's expected answer from the results, keeping who and when (its history). */
  'judge.batch.correctLabel': route<BatchGridCase['labelEdits']>()(correctLabelSchema),
};
