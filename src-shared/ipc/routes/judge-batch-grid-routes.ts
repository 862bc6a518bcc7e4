import { route } from '../define-route';
import {
  type BatchGridCase,
  batchGridCaseSchema,
  type BatchGridPage,
  batchGridSchema,
} from '../../judge/batch-grid';

/** The results grid of a batch run (docs/architecture.md, "Batch runs view"). */
export const judgeBatchGridRoutes = {
  /** A page of the run's cases, graded against their labels, sorted and filtered over the whole run. */
  'judge.batch.grid': route<BatchGridPage>()(batchGridSchema),
  /** One case of the run with its full result, as the single-run view shows it, and its labels. */
  'judge.batch.gridCase': route<BatchGridCase>()(batchGridCaseSchema),
};
