import { AppFailure } from '../../../../src-shared/result';
import type { BatchCase, BatchRun } from '../../../../src-shared/judge/batch-run';
import { latestRevision } from '../../../../src-shared/judge/question-set';
import {
  STATE_EXCERPT_CHARS,
  type FlippedCase,
  type RunAgreement,
  type RunDrift,
  type RunRef,
} from '../../../../src-shared/judge/run-agreement';
import { EMPTY_TUNING, thresholdFor, type SetTuning } from '../../../../src-shared/judge/set-tuning';
import type { DriftInput } from '../../../../src-shared/judge/run-agreement-inputs';
import type { Question } from '../../../../src-shared/judge/question-rules';
import type { IntervalProgress, PairedQuestion } from '../../../../src-shared/judge/metrics';
import type { LabelledRun, LabelledRunCache } from '../batch/labelled-run';
import { StampedCache } from '../stamped-cache';
import { batchCaseOf } from '../batch/set-case-source';
import { pairedQuestion } from './paired-questions';
import { questionAgreement } from './question-agreement';
import type { PairedStatsOptions } from './drift-paired-stats';
import { runsDrift, type RunsDrift } from './run-drift';

export interface AgreementServiceDeps {
  /** Loaded runs, shared with the results grid and the export. */
  labelled: LabelledRunCache;
}

/**
 * How many computed agreements and drifts are kept. An agreement is a summary (curves of a few
 * hundred points); a drift also keeps every flipped case and the cases' positions, so its size
 * grows with the run.
 */
const CACHE_MAX = 8;

export function runRef(run: BatchRun): RunRef {
  return {
    id: run.id,
    setId: run.setId,
    setRevision: run.setRevision,
    model: run.model,
    state: run.state,
    createdAt: run.createdAt,
    versions: run.versions,
    versionChanged: Object.keys(run.versions).length > 1,
  };
}

function excerpt(state: BatchCase['state'] | undefined): string {
  if (!state) return '';
  const text = state.text.replace(/\s+/g, ' ').trim();
  return text.length > STATE_EXCERPT_CHARS ? `${text.slice(0, STATE_EXCERPT_CHARS - 1)}…` : text;
}

/**
 * The Agreement and Drift views' numbers (docs/architecture.md, "Judge agreement and drift"),
 * computed in main from a run's stored results and the set's labels, and kept until the run, the
 * set (its tuning) or its cases change, so switching views does not read 100,000 results again.
 */
export class AgreementService {
  private readonly agreements = new StampedCache<RunAgreement>(CACHE_MAX);
  private readonly drifts = new StampedCache<{ drift: RunsDrift; positions: number[] }>(CACHE_MAX);

  constructor(private readonly deps: AgreementServiceDeps) {}

  private run(id: string): BatchRun {
    const run = this.deps.labelled.deps.batches.getRun(id);
    if (!run) throw new AppFailure({ code: 'not_found', message: 'This batch run no longer exists.' });
    return run;
  }

  /** The set's latest revision and its tuning: the thresholds and minimums in force. */
  private inForce(setId: string): { revision: number; tuning: SetTuning; stamp: string } {
    const { sets } = this.deps.labelled.deps;
    const set = sets.get(setId);
    if (!set)
      throw new AppFailure({ code: 'not_found', message: 'The question set of this run no longer exists.' });
    const latest = latestRevision(set);
    return {
      revision: latest.revision,
      tuning: latest.tuning ?? EMPTY_TUNING,
      stamp: `${set.updatedAt}:${latest.revision}`,
    };
  }

  /** The loaded run's stamp: its results and its set's cases (labels). */
  private runStamp(run: BatchRun): string {
    return this.deps.labelled.stamp(run.id);
  }

  /** `onProgress` hears the intervals' bootstrap, question by question (the job's progress). */
  agreement(id: string, onProgress?: (p: { question: string } & IntervalProgress) => void): RunAgreement {
    const run = this.run(id);
    const force = this.inForce(run.setId);
    return this.agreements.get(id, `${this.runStamp(run)}|${force.stamp}`, () => {
      const loaded = this.deps.labelled.get(id);
      return {
        run: runRef(loaded.run),
        latestRevision: force.revision,
        tuning: force.tuning,
        total: loaded.rows.length,
        answered: loaded.rows.filter((r) => r.result?.status === 'done').length,
        questions: loaded.questions.map((q) =>
          questionAgreement(q, pairedQuestion(loaded, q), thresholdFor(force.tuning, q.name), (p) =>
            onProgress?.({ question: q.name, ...p }),
          ),
        ),
      };
    });
  }

  /** `stats` reports the paired bootstrap's progress (the drift job passes it on to main). */
  drift({ a, b, offset, limit }: DriftInput, stats: PairedStatsOptions = {}): RunDrift {
    const runA = this.run(a);
    const runB = this.run(b);
    if (runA.setId !== runB.setId)
      throw new AppFailure({
        code: 'invalid_input',
        message:
          'b: must be a run of the same question set as a (drift compares one set over the same cases).',
        details: { issues: [{ path: 'b', message: 'must be a run of the same question set as a' }] },
      });
    const force = this.inForce(runA.setId);
    const stamp = `${this.runStamp(runA)}|${this.runStamp(runB)}|${force.stamp}`;
    const { drift, positions } = this.drifts.get(`${a}|${b}`, stamp, () => {
      const la = this.deps.labelled.get(a);
      const lb = this.deps.labelled.get(b);
      // The agreement paired run A's questions already: the drift takes them as they are. Run
      // B's are paired for this drift only (a run's pairs weigh about 60 MB at 100,000 cases).
      const side = (l: LabelledRun, pair?: (q: Question) => PairedQuestion) => ({
        questions: l.questions,
        cases: l.rows.map((r) => r.labelled),
        pair,
      });
      return {
        drift: runsDrift(
          side(la, (q) => pairedQuestion(la, q)),
          side(lb),
          force.tuning,
          stats,
        ),
        positions: la.rows.map((r) => r.position),
      };
    });
    const flipped: FlippedCase[] = drift.flips(offset, limit).map(({ index, ...f }) => ({
      ...f,
      position: positions[index] ?? -1,
      stateExcerpt: excerpt(this.stateOf(runA, f.caseId)),
    }));
    return {
      a: runRef(runA),
      b: runRef(runB),
      tuning: force.tuning,
      questions: drift.questions,
      flipsTotal: drift.flipCount,
      offset,
      flipped,
    };
  }

  /** A case's state, read for the page of flips only. */
  private stateOf(run: BatchRun, caseId: string): BatchCase['state'] | undefined {
    if (run.source.kind === 'inline') return run.source.cases.find((c) => c.id === caseId)?.state;
    const saved = this.deps.labelled.deps.cases.get(caseId);
    return saved ? batchCaseOf(saved).state : undefined;
  }
}
