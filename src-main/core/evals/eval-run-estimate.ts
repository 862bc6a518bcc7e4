import type { DatabaseSync } from 'node:sqlite';
import type { EvalRunEstimate } from '../../../src-shared/evals/eval-run-views';
import { planProblem, planSummary } from '../../../src-shared/evals/run-plan';
import { profileAddresses } from '../../../src-shared/profiles/profile-address';
import { AppFailure, invalidInput } from '../../../src-shared/result';
import type { EvalRepository } from '../db/eval-repository';
import type { QuestionSetRepository } from '../db/question-set-repository';
import type { TokenCounter } from '../judge/token-counter';
import type { ProfileService } from '../profiles/profile-service';
import { QuarantineNeededError, type WorkerPool } from '../workers/worker-pool';
import { type EvalEstimateInput, estimateEval } from './eval-estimate';
import { ESTIMATE_EVAL_JOB } from './eval-estimate-job';
import { graderQuestions } from './grader-questions';

export interface EvalRunEstimateDeps {
  db: DatabaseSync;
  evals: Pick<EvalRepository, 'get' | 'rows' | 'countRows'>;
  sets: Pick<QuestionSetRepository, 'get'>;
  profiles: Pick<ProfileService, 'get'>;
  /** Counts in the pool where there is one (main never loads the tokenizer). */
  tokens: TokenCounter;
  pool?: WorkerPool;
}

/**
 * `evals.runs.estimate` (docs/architecture.md, "Evals"): refused as `start` would
 * refuse the run, then made whole in a worker (eval-estimate-job.ts) — main neither reads the
 * rows nor counts. Without a pool (tests, the command line), or when the worker met a row to set
 * aside, the same estimate reads in main and counts with `tokens`.
 */
export class EvalRunEstimator {
  constructor(private readonly deps: EvalRunEstimateDeps) {}

  async estimate(evalId: string, concurrency: number, signal?: AbortSignal): Promise<EvalRunEstimate> {
    const record = this.deps.evals.get(evalId);
    if (!record) throw new AppFailure({ code: 'not_found', message: 'That eval no longer exists.' });
    if (record.dataset.source.kind !== 'stored')
      throw invalidInput(
        'dataset.source',
        'must be the stored dataset in the app (a file is for the command line)',
      );
    const questions = graderQuestions(this.deps.sets, record) ?? null;
    const problem = planProblem(planSummary(record, this.deps.evals.countRows(evalId)));
    if (problem) throw invalidInput('dataset', problem);
    const baseUrls: Record<string, string> = {};
    for (const t of record.targets) {
      try {
        baseUrls[t.profileId] = profileAddresses(this.deps.profiles.get(t.profileId)).baseUrl;
      } catch {
        throw invalidInput('targets', `${t.id} names the profile ${t.profileId}, which does not exist`);
      }
    }
    const input: EvalEstimateInput = { evalId, concurrency, questions, baseUrls };
    if (this.deps.pool) {
      try {
        return await this.deps.pool.run<EvalRunEstimate>(ESTIMATE_EVAL_JOB, input, { signal });
      } catch (err) {
        if (!(err instanceof QuarantineNeededError)) throw err;
      }
    }
    return estimateEval(this.deps.db, this.deps.evals, input, this.deps.tokens, signal);
  }
}
