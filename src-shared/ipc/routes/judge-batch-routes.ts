import { route } from '../define-route';
import type { BatchEstimate, BatchResult, BatchResultsPage, BatchRunView } from '../../judge/batch-run';
import {
  batchConcurrencySchema,
  batchResultsSchema,
  batchRunIdSchema,
  createBatchSchema,
  listBatchSchema,
  retryCaseSchema,
} from '../../judge/batch-inputs';
import { batchExportSchema } from '../../judge/batch-export';

/** Batch runs of a question set over many cases; progress comes as `judge.batch.progress` events. */
export const judgeBatchRoutes = {
  /** A queued run; nothing is sent until it is started. */
  'judge.batch.create': route<BatchRunView>()(createBatchSchema),
  /** Cases, estimated input tokens and cost, and the balance the run needs at that concurrency. */
  'judge.batch.estimate': route<BatchEstimate>()(batchConcurrencySchema),
  'judge.batch.start': route<BatchRunView>()(batchConcurrencySchema),
  'judge.batch.pause': route<BatchRunView>()(batchRunIdSchema),
  'judge.batch.resume': route<BatchRunView>()(batchConcurrencySchema),
  'judge.batch.cancel': route<BatchRunView>()(batchRunIdSchema),
  /** Sends one failed case again, alone. */
  'judge.batch.retryCase': route<BatchResult>()(retryCaseSchema),
  /** Newest first. */
  'judge.batch.list': route<BatchRunView[]>()(listBatchSchema),
  'judge.batch.get': route<BatchRunView>()(batchRunIdSchema),
  /** A page of a run's results, by case id. */
  'judge.batch.results': route<BatchResultsPage>()(batchResultsSchema),
  /**
   * Every case's result (noul verdicts at the set's thresholds in force) through the save
   * dialog; resolves to where the file was written, or null when the user cancelled.
   */
  'judge.batch.export': route<string | null>()(batchExportSchema),
};
