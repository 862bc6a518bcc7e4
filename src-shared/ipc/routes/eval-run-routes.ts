import { route } from '../define-route';
import type { EvalCell } from '../../evals/eval-run';
import {
  type EvalCellDetail,
  evalCellKeySchema,
  evalCellMarkSchema,
  type EvalCellsPage,
  type EvalRunEstimate,
  evalCellsPageSchema,
  evalRunByIdSchema,
  evalRunListSchema,
  evalRunResumeSchema,
  evalRunStartSchema,
  type EvalRunView,
} from '../../evals/eval-run-views';

/**
 * An eval's runs (docs/architecture.md, "Evals"); progress comes as
 * `evals.run.progress` events.
 */
export const evalRunRoutes = {
  /** Plans the run from the eval as it is now, stores it and starts sending. */
  'evals.runs.start': route<EvalRunView>()(evalRunStartSchema),
  /** Sends no more; requests in flight finish and are kept. */
  'evals.runs.pause': route<EvalRunView>()(evalRunByIdSchema),
  'evals.runs.resume': route<EvalRunView>()(evalRunResumeSchema),
  /** Stops at once; every stored cell is kept. */
  'evals.runs.cancel': route<EvalRunView>()(evalRunByIdSchema),
  /** Newest first, with counts, state and pause reason. */
  'evals.runs.list': route<EvalRunView[]>()(evalRunListSchema),
  'evals.runs.get': route<EvalRunView>()(evalRunByIdSchema),
  /** A page of the matrix: rows by position (a range or a list), each cell summarised. */
  'evals.runs.cells': route<EvalCellsPage>()(evalCellsPageSchema),
  /** One cell whole, with the request it sent (for View code). */
  'evals.runs.cell': route<EvalCellDetail>()(evalCellKeySchema),
  /** The user's good / bad on a cell; null removes it. */
  'evals.runs.mark': route<EvalCellDetail>()(evalCellMarkSchema),
  /** Sends one cell of a run that is not sending again (never from the cache), regraded and stored. */
  'evals.runs.retryCell': route<EvalCell>()(evalCellKeySchema),
  /** What a run would send, its prompt tokens and the judge's cost, counted in a worker. */
  'evals.runs.estimate': route<EvalRunEstimate>()(evalRunStartSchema),
};
