import type { DatabaseSync } from 'node:sqlite';
import type { BatchGridInput } from '../../../../src-shared/judge/batch-grid';
import type { DriftInput } from '../../../../src-shared/judge/run-agreement-inputs';
import { casesStamp } from '../../db/cases-stamp';
import { createRepositories } from '../../db/repositories';
import { StorageNotices } from '../../storage/storage-notices';
import { type JobContext, Transfer } from '../../workers/worker-host';
import { AgreementService } from '../agreement/agreement-service';
import { BatchGrid } from './batch-grid';
import { gridPageFromTables } from './grid-first-page';
import { LabelledRunCache } from './labelled-run';
import { BatchResultsExport } from './results-export-service';
import type { ResultsFormat } from './results-export';

/**
 * The judge's heavy reads as worker jobs (docs/architecture.md, "Worker threads"): the same
 * services main used to run, over the worker's own read-only connection, with their caches
 * kept in the worker between jobs. Main sends every job of one set to the same worker.
 */
export function judgeRunJobs(db: DatabaseSync) {
  const repos = createRepositories({ db, notices: new StorageNotices(), readOnly: true });
  const labelled = new LabelledRunCache({ ...repos, labelsStamp: casesStamp(db) });
  const grid = new BatchGrid({ labelled, reviews: repos.reviews });
  const agreement = new AgreementService({ labelled });
  const results = new BatchResultsExport({
    labelled,
    desktop: {
      saveFileAs: () => Promise.reject(new Error('no dialogs in a worker')),
      saveTextAs: () => Promise.reject(new Error('no dialogs in a worker')),
      notify: () => undefined,
    },
  });
  return {
    /** The page if the run's index is built for its current results; null if it must be built. */
    'grid.readyPage': (input: BatchGridInput) => grid.readyPage(input) ?? null,
    'grid.build': ({ id }: { id: string }, job: JobContext) => grid.prepare(id, (p) => job.progress(p)),
    'grid.page': (input: BatchGridInput) => grid.page(input),
    'grid.pageFromTables': (input: BatchGridInput) => gridPageFromTables(repos, input),
    'grid.case': ({ id, caseId }: { id: string; caseId: string }) => grid.case(id, caseId),
    /** The intervals' bootstrap reports as "<question>: <metric>" resamples done of total. */
    agreement: ({ id }: { id: string }, job: JobContext) =>
      agreement.agreement(id, (p) =>
        job.progress({ phase: `${p.question}: ${p.metric}`, done: p.done, total: p.total }),
      ),
    drift: (input: DriftInput, job: JobContext) =>
      agreement.drift(input, {
        onProgress: (phase, { done, total }) => job.progress({ phase: `bootstrap ${phase}`, done, total }),
      }),
    /** The file's bytes, moved to main (not copied), which writes them where the user picks. */
    export: ({ id, format, raw }: { id: string; format: ResultsFormat; raw?: boolean }) => {
      const { text, fileName } = results.text(id, format, { raw });
      const bytes = new TextEncoder().encode(text);
      return new Transfer({ bytes, fileName }, [bytes.buffer]);
    },
  };
}

export type JudgeRunJobs = ReturnType<typeof judgeRunJobs>;
