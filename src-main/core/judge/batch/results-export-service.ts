import { latestRevision } from '../../../../src-shared/judge/question-set';
import type { DesktopActions } from '../../media/desktop-actions';
import type { LabelledRunCache } from './labelled-run';
import type { CsvOptions } from '../cases/csv';
import { type ResultsFormat, resultRows, writeResults } from './results-export';

/**
 * `judge.batch.export`: a run's results written where the user picks. Noul verdicts are read
 * at the thresholds in force, the set's latest tuning: a threshold tuned after the run counts,
 * as it does in the metrics the user tuned it on.
 */
export class BatchResultsExport {
  constructor(private readonly deps: { labelled: LabelledRunCache; desktop: DesktopActions }) {}

  text(runId: string, format: ResultsFormat, csv: CsvOptions = {}): { text: string; fileName: string } {
    const { run, questions, rows, tuning: runTuning } = this.deps.labelled.get(runId);
    const set = this.deps.labelled.deps.sets.get(run.setId);
    const tuning = set ? latestRevision(set).tuning : runTuning;
    const slug = (set?.name ?? 'run').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'run';
    const day = new Date(run.createdAt).toISOString().slice(0, 10);
    return {
      text: writeResults(questions, resultRows(questions, rows, tuning), format, csv),
      fileName: `${slug}-${day}.results.${format}`,
    };
  }

  /** Where the file was written, or null when the user cancelled the dialog. */
  async export(runId: string, format: ResultsFormat, csv: CsvOptions = {}): Promise<string | null> {
    const { text, fileName } = this.text(runId, format, csv);
    return this.deps.desktop.saveTextAs(text, fileName);
  }
}
