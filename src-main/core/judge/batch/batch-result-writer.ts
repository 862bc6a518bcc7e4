import type { BatchRunRepository, BatchRunTallies } from '../../db/batch-run-repository';
import type { BatchResult, BatchRun } from '../../../../src-shared/judge/batch-run';
import { costYuan } from '../../../../src-shared/judge/judge-estimate';
import type { CaseOutcome } from './batch-runner';

export interface ResultCounts {
  done: number;
  failed: number;
}

export interface ResultWriterEvents {
  /** Results were committed: the counts and tallies moved. */
  written(): void;
  /** The run no longer exists (its set was deleted): nothing more can be written. */
  gone(): void;
  /** A scheduled write failed (a full disk…): its results were not stored. */
  failed(err: unknown): void;
}

interface Queued {
  caseId: string;
  outcome: CaseOutcome;
  /** The status of the result this one replaces (a retried case), for the counts. */
  replaces?: 'done' | 'failed';
}

/**
 * A run's results on their way to the database (docs/architecture.md, "Judge batch runs"): the
 * results that arrive within one tick of the event loop are written in one transaction, with the
 * run's tallies, as soon as that tick ends (`setImmediate`), so the request that frees a slot is
 * followed at once by the next one and no reply waits for a write. A result is acknowledged
 * (counted, shown in progress) only once committed: a crash loses the requests in flight and at
 * most the answers of that one tick, never one that was reported. The counts and tallies are kept
 * here, so a running run's progress reads no table and parses no run record per answer.
 */
export class BatchResultWriter {
  private queue: Queued[] = [];
  private scheduled = false;
  private isGone = false;
  private readonly counts: ResultCounts;
  private tallies: BatchRunTallies;

  constructor(
    private readonly batches: Pick<BatchRunRepository, 'putResults' | 'hasRun'>,
    private readonly run: Pick<BatchRun, 'id' | 'model' | 'updatedAt' | 'tokens' | 'yuan' | 'versions'>,
    counts: ResultCounts,
    private readonly now: () => number,
    private readonly events?: ResultWriterEvents,
  ) {
    this.counts = { ...counts };
    const { updatedAt, tokens, yuan, versions } = run;
    this.tallies = { updatedAt, tokens, yuan, versions: { ...versions } };
  }

  /** The committed results' counts. */
  committedCounts(): ResultCounts {
    return { ...this.counts };
  }

  /** The committed tokens, yuan and versions. */
  committedTallies(): BatchRunTallies {
    return { ...this.tallies, versions: { ...this.tallies.versions } };
  }

  /**
   * Queues a result for the end of this tick; false when the run is gone. The run is looked for
   * (by its key, not read) so a deleted run's freed slot sends nothing more.
   */
  add(caseId: string, outcome: CaseOutcome, replaces?: 'done' | 'failed'): boolean {
    if (this.isGone || !this.batches.hasRun(this.run.id)) {
      this.isGone = true;
      return false;
    }
    this.queue.push({ caseId, outcome, replaces });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.scheduledFlush());
    }
    return true;
  }

  /**
   * Writes what is queued now, in one transaction; false (nothing written) when the run no
   * longer exists. A failed write throws, and its results are dropped: unanswered, they are sent
   * again when the run resumes.
   */
  flush(): boolean {
    if (this.isGone) return false;
    const batch = this.queue;
    if (batch.length === 0) return true;
    this.queue = [];
    const now = this.now();
    const next: BatchRunTallies = { ...this.tallies, versions: { ...this.tallies.versions }, updatedAt: now };
    const counts = { ...this.counts };
    const results: BatchResult[] = [];
    for (const { caseId, outcome, replaces } of batch) {
      const tokens = outcome.inputTokens ?? 0;
      next.tokens += tokens;
      next.yuan += costYuan(tokens);
      if (outcome.status === 'done') {
        const v = outcome.modelAnswered ?? this.run.model;
        next.versions[v] = (next.versions[v] ?? 0) + 1;
      }
      if (replaces) counts[replaces]--;
      counts[outcome.status]++;
      results.push({ ...outcome, runId: this.run.id, caseId, updatedAt: now });
    }
    if (!this.batches.putResults(this.run.id, results, next)) {
      this.isGone = true;
      return false;
    }
    this.tallies = next;
    Object.assign(this.counts, counts);
    return true;
  }

  private scheduledFlush(): void {
    this.scheduled = false;
    // Written already (the run's end writes what is queued): nothing to tell, and the service
    // may be closed by now.
    if (this.queue.length === 0) return;
    let written: boolean;
    try {
      written = this.flush();
    } catch (err) {
      this.events?.failed(err);
      return;
    }
    if (written) this.events?.written();
    else this.events?.gone();
  }
}
