import type { CaseFileFormat, CaseImportProgress } from '../../../src-shared/judge/judge-case-import';
import type {
  EvalRowsImportResult,
  EvalRowsMapping,
  EvalRowsPreview,
} from '../../../src-shared/evals/eval-rows-import';
import { AppFailure } from '../../../src-shared/result';
import type { EvalRepository } from '../db/eval-repository';
import type { DbContext } from '../db/quarantine';
import type { CaseUploads } from '../judge/cases/case-uploads';
import { fileSource, type ScanProgress } from '../judge/cases/case-file-scan';
import type { WorkerPool } from '../workers/worker-pool';
import { importEvalRows, previewEvalRows } from './eval-rows-import';
import { EVAL_ROWS_IMPORT_JOB, type EvalRowsImportJobInput } from './eval-rows-import-job';
import { withDataset } from './eval-rows-import-staging';

type UploadInput = { evalId: string; uploadId: string; format?: CaseFileFormat };

/**
 * An eval's dataset from an uploaded file (docs/architecture.md, "Evals"): the
 * workbench's uploads (`judge.cases.upload.*`), the preview read in main's short turns, the import
 * in a worker thread when the app has them.
 */
export class EvalRowsImportService {
  constructor(
    private readonly deps: {
      db: DbContext;
      evals: EvalRepository;
      uploads: CaseUploads;
      /** How far the reading has come, as the case import says it. */
      progress?: (p: CaseImportProgress) => void;
      workers?: WorkerPool;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private evalOf(evalId: string) {
    const found = this.deps.evals.get(evalId);
    if (!found) throw new AppFailure({ code: 'not_found', message: 'That eval no longer exists.' });
    return found;
  }

  private progressOf(uploadId: string, total: number) {
    const progress = this.deps.progress;
    return progress && ((p: ScanProgress) => progress({ uploadId, total, ...p }));
  }

  async preview(
    input: UploadInput & { mapping?: EvalRowsMapping },
    signal?: AbortSignal,
  ): Promise<EvalRowsPreview> {
    const record = this.evalOf(input.evalId);
    const held = await this.deps.uploads.source(input.uploadId);
    const preview = await previewEvalRows(held.source, {
      format: input.format,
      mapping: input.mapping,
      signal: anySignal(held.signal, signal),
      onProgress: this.progressOf(input.uploadId, held.size),
      held: this.deps.evals.countRows(input.evalId),
    });
    // The eval's prompts and checks must still find their placeholders among the new columns.
    if (preview.mapping && !preview.stopped) {
      try {
        withDataset(record, preview.mapping, record.updatedAt);
      } catch (err) {
        if (!(err instanceof AppFailure)) throw err;
        const issues = err.error.details?.issues ?? [];
        preview.problemCount += issues.length;
        preview.problems.unshift(
          ...issues.map((i) => ({ field: 'mapping', reason: i.message, message: `mapping: ${i.message}` })),
        );
      }
    }
    return preview;
  }

  /** Replaces the eval's rows with the file's; the upload is then deleted. */
  async confirm(
    input: UploadInput & { mapping: EvalRowsMapping },
    signal?: AbortSignal,
  ): Promise<EvalRowsImportResult> {
    withDataset(this.evalOf(input.evalId), input.mapping, this.now());
    const held = await this.deps.uploads.source(input.uploadId);
    const both = anySignal(held.signal, signal);
    const onProgress = this.progressOf(input.uploadId, held.size);
    const workers = this.deps.workers;
    const result = workers
      ? await workers.run<EvalRowsImportResult>(
          EVAL_ROWS_IMPORT_JOB,
          { ...input, path: held.path, size: held.size, at: this.now() } satisfies EvalRowsImportJobInput,
          {
            signal: both,
            onProgress: (p) => {
              if (p.phase === 'reading') onProgress?.({ bytes: p.done, rows: p.items ?? 0 });
            },
          },
        )
      : await importEvalRows(this.deps.db, fileSource(held.path), {
          ...input,
          signal: both,
          onProgress,
          at: this.now(),
        });
    this.deps.uploads.discard(input.uploadId);
    return result;
  }
}

const anySignal = (a: AbortSignal, b: AbortSignal | undefined) => (b ? AbortSignal.any([a, b]) : a);
