import { canonicalJson } from '../../../src-shared/evals/canonical-json';
import type { EvalSpec } from '../../../src-shared/evals/eval-definition';
import { runChecks } from '../../../src-shared/evals/eval-checks';
import type { EvalCell, EvalCellState, EvalReply } from '../../../src-shared/evals/eval-run';
import { missingMessage } from '../../../src-shared/evals/fill-template';
import { graderState } from '../../../src-shared/evals/grader-state';
import type { Question } from '../../../src-shared/judge/question-rules';
import { profileAddresses } from '../../../src-shared/profiles/profile-address';
import type { EvalRunRepository } from '../db/eval-repository-runs';
import { type ChatRequest, streamChat } from '../gateway/chat-api';
import type { GatewayClient } from '../gateway/gateway-client';
import { GatewayError } from '../gateway/gateway-error';
import type { GatewayTarget } from '../gateway/gateway-urls';
import type { ProfileService } from '../profiles/profile-service';
import { askJudge } from '../judge/ask-judge';
import { caseError, pauseReasonOf } from '../judge/batch/batch-errors';
import { PauseRun, RateLimited } from '../judge/batch/batch-runner';
import type { TokenCounter } from '../judge/token-counter';
import { cellRequest } from './cell-request';
import { CellSimilarity } from './cell-similarity';
import type { SourcedCell } from './eval-cell-source';
import { validateJsonSchema } from './json-schema-validator';

/**
 * The batch runner's error, with the gateway's own words added where the plain explanation of
 * the status leaves them out (a 404 names the model only in the gateway's message).
 */
function cellError(err: unknown): NonNullable<EvalCell['error']> {
  const error = caseError(err);
  const said = err instanceof GatewayError ? err.gatewayMessage : undefined;
  return said && !error.message.includes(said) ? { ...error, message: `${error.message} (${said})` } : error;
}

const STAGE_FAILED = {
  similarity: 'The similarity check could not embed the reply or its reference',
  judge: 'The judge could not grade the reply',
} as const;

/** A cell's result as the runner hands it to be stored; `cached`: its reply was not sent for. */
export interface CellOutcome {
  status: EvalCellState;
  cell: Omit<EvalCell, 'runId' | 'row' | 'variantId' | 'targetId' | 'sample' | 'updatedAt'>;
  cached: boolean;
}

/** A reply in hand whose grading met a 429 or a 402: the retry grades it without asking again. */
interface Answered {
  reply: EvalReply;
  latencyMs?: number;
  tokensIn?: number;
  tokensOut?: number;
  cached: boolean;
  /** The cached cell's grades, when the same grader graded the same row's same reply. */
  grades?: EvalCell['grades'];
  /** What was being done with the reply when it failed: said in the cell's error. */
  stage?: 'similarity' | 'judge';
  /** The cached cell's similarity, when the same check measured the same row's same reply. */
  similarity?: { value: number; check: NonNullable<EvalCell['checks']>[number] };
}

export interface CellWorkDeps {
  client: GatewayClient;
  profiles: Pick<ProfileService, 'get' | 'target' | 'activeId' | 'idleTimeoutMs'>;
  runs: Pick<EvalRunRepository, 'cachedCell' | 'getRun'>;
  now: () => number;
  tokens?: TokenCounter;
}

/**
 * One cell of a run, start to end (docs/architecture.md, "Evals"): its request
 * rendered and keyed; the reply taken from a done cell of the same request in any run of the
 * same eval, else streamed from the target; the checks; the grader's judgement. A 429 or a
 * payment / key / network failure is thrown for the runner (RateLimited, PauseRun); anything
 * else becomes the cell's stored failure with the gateway's message.
 */
export class EvalCellWork {
  private readonly targets = new Map<string, Promise<GatewayTarget>>();
  private readonly answered = new Map<string, Answered>();
  /**
   * Per run a cache hit came from: whether it graded and measured as this run does. A run keeps the
   * definition it started with, so this is read once per run, not once per cached cell.
   */
  private readonly hitRuns = new Map<string, { grader: boolean; similarity: boolean }>();
  private readonly graderKey: string | undefined;
  private readonly similarityKey: string | undefined;
  private readonly similarity: CellSimilarity | undefined;

  constructor(
    private readonly deps: CellWorkDeps,
    private readonly evalId: string,
    private readonly spec: EvalSpec,
    /** The grader's question set at its pinned revision (undefined: the eval has no grader). */
    private readonly questions: Question[] | undefined,
  ) {
    this.graderKey = spec.grader && canonicalJson(spec.grader);
    const { similarity } = spec;
    this.similarityKey = similarity && canonicalJson(similarity);
    this.similarity =
      similarity &&
      new CellSimilarity(
        similarity,
        deps.client,
        () => this.target(similarity.profileId ?? this.deps.profiles.activeId()),
        spec.dataset.expectedColumn,
      );
  }

  private target(profileId: string): Promise<GatewayTarget> {
    let t = this.targets.get(profileId);
    if (!t) {
      t = this.deps.profiles.target(profileId);
      // A failed lookup (no key yet) is asked again on resume, not remembered.
      t.catch(() => this.targets.delete(profileId));
      this.targets.set(profileId, t);
    }
    return t;
  }

  /**
   * Forgets the profiles' targets (address and key): a run resumed after pausing on a refused or
   * missing key must ask for the key the user has typed since, not send the old one again.
   */
  forgetTargets(): void {
    this.targets.clear();
  }

  private baseUrlOf = (profileId: string): string | undefined => {
    try {
      return profileAddresses(this.deps.profiles.get(profileId)).baseUrl;
    } catch {
      return undefined;
    }
  };

  /** `fresh`: the reply is asked for again, whatever the cache holds (a retry of one cell). */
  async run(c: SourcedCell, signal: AbortSignal, fresh = false): Promise<CellOutcome> {
    const failed = (code: string, message: string, cacheKey = ''): CellOutcome => ({
      status: 'failed',
      cell: { cacheKey, state: 'failed', error: { code, message } },
      cached: false,
    });
    if (!c.data) return failed('not_found', `Row ${c.row + 1} of the dataset could not be read.`);
    let request;
    try {
      request = cellRequest(this.spec, c, c.data, this.baseUrlOf);
    } catch (err) {
      return failed('not_found', err instanceof Error ? err.message : String(err));
    }
    if (!request.ok)
      return failed('invalid_input', `variant ${c.variantId}: the prompt ${missingMessage(request.missing)}`);
    const { cacheKey } = request;
    try {
      const got =
        (fresh ? undefined : (this.answered.get(c.id) ?? this.fromCache(c, cacheKey))) ??
        (await this.send(c, request.body.messages, signal));
      this.answered.set(c.id, got);
      const outcome = await this.grade(c, cacheKey, got, signal);
      this.answered.delete(c.id);
      return outcome;
    } catch (err) {
      if (signal.aborted) throw err;
      if (err instanceof RateLimited || err instanceof PauseRun) throw err;
      if (err instanceof GatewayError && err.code === 'rate_limited') throw new RateLimited(err.retryAfterMs);
      const reason = pauseReasonOf(err, this.deps.now());
      if (reason) throw new PauseRun(reason);
      const got = this.answered.get(c.id);
      this.answered.delete(c.id);
      const error = cellError(err);
      // A reply whose grading failed is kept with the judge's error, so it can be read.
      return {
        status: 'failed',
        cell: {
          cacheKey,
          state: 'failed',
          ...(got
            ? { reply: got.reply, latencyMs: got.latencyMs, tokensIn: got.tokensIn, tokensOut: got.tokensOut }
            : {}),
          error: got
            ? { ...error, message: `${STAGE_FAILED[got.stage ?? 'judge']}: ${error.message}` }
            : error,
        },
        cached: got?.cached ?? false,
      };
    }
  }

  /** The newest done cell of the same request in a run of this eval; its reply, not sent again. */
  private fromCache(c: SourcedCell, cacheKey: string): Answered | undefined {
    const hit = this.deps.runs.cachedCell(cacheKey, this.evalId);
    if (!hit?.reply) return undefined;
    const same = this.sameAsRun(hit.runId);
    // Grades are the same only for the same grader on the same row (its state holds the row).
    const sameGrading = hit.row === c.row && same.grader;
    const sameSimilarity = hit.row === c.row && hit.similarity !== undefined && same.similarity;
    const hitCheck = hit.checks?.find((k) => k.kind === 'similarity');
    return {
      reply: { ...hit.reply, fromCache: { runId: hit.reply.fromCache?.runId ?? hit.runId } },
      latencyMs: hit.latencyMs,
      tokensIn: hit.tokensIn,
      tokensOut: hit.tokensOut,
      cached: true,
      ...(sameGrading && hit.grades ? { grades: hit.grades } : {}),
      ...(sameSimilarity && hitCheck ? { similarity: { value: hit.similarity!, check: hitCheck } } : {}),
    };
  }

  private sameAsRun(runId: string): { grader: boolean; similarity: boolean } {
    let same = this.hitRuns.get(runId);
    if (!same) {
      const spec = this.deps.runs.getRun(runId)?.spec;
      same = {
        grader: spec?.grader !== undefined && canonicalJson(spec.grader) === this.graderKey,
        similarity: spec?.similarity !== undefined && canonicalJson(spec.similarity) === this.similarityKey,
      };
      this.hitRuns.set(runId, same);
    }
    return same;
  }

  /**
   * Streamed, as Chat sends it: the cache key is the hash of that exact body (stream: true and
   * its usage option included), so what is sent is what is keyed.
   */
  private async send(
    c: SourcedCell,
    messages: ChatRequest['messages'],
    signal: AbortSignal,
  ): Promise<Answered> {
    const variant = this.spec.variants.find((v) => v.id === c.variantId)!;
    const target = this.spec.targets.find((t) => t.id === c.targetId)!;
    // streamChat builds the body with streamedChatBody from these fields, as evalRequestBody did.
    const request = { ...variant.params, model: target.model, messages } as ChatRequest;
    const outcome = await streamChat(
      this.deps.client,
      await this.target(target.profileId),
      request,
      () => {},
      {
        signal,
        now: this.deps.now,
        timeoutMs: this.deps.profiles.idleTimeoutMs(target.profileId),
      },
    );
    if (outcome.error) throw outcome.error;
    return {
      reply: {
        text: outcome.text,
        ...(outcome.finishReason ? { finishReason: outcome.finishReason } : {}),
        ...(outcome.model ? { model: outcome.model } : {}),
      },
      latencyMs: outcome.timings.totalMs,
      tokensIn: outcome.usage?.prompt_tokens,
      tokensOut: outcome.usage?.completion_tokens ?? outcome.deltaCount,
      cached: false,
    };
  }

  private async grade(
    c: SourcedCell,
    cacheKey: string,
    got: Answered,
    signal: AbortSignal,
  ): Promise<CellOutcome> {
    const row = c.data!;
    // No chat price is known to the app (a gateway's usage.cost is in its own unit): cost stays unknown.
    const checks = runChecks(
      this.spec.checks,
      {
        text: got.reply.text,
        latencyMs: got.latencyMs ?? 0,
        row,
        expectedColumn: this.spec.dataset.expectedColumn,
      },
      validateJsonSchema,
    ) as NonNullable<EvalCell['checks']>;
    let similarity: number | undefined;
    if (this.similarity) {
      // Measured once per reply: a grade that meets a 429 keeps it for the retry.
      got.stage = 'similarity';
      got.similarity ??= await this.measure(c, got.reply.text, signal);
      checks.push(got.similarity.check);
      if (!Number.isNaN(got.similarity.value)) similarity = got.similarity.value;
    }
    const cell: CellOutcome['cell'] = {
      cacheKey,
      state: 'done',
      reply: got.reply,
      ...(got.latencyMs === undefined ? {} : { latencyMs: got.latencyMs }),
      ...(got.tokensIn === undefined ? {} : { tokensIn: got.tokensIn }),
      ...(got.tokensOut === undefined ? {} : { tokensOut: got.tokensOut }),
      checks,
      ...(similarity === undefined ? {} : { similarity }),
    };
    const { grader } = this.spec;
    if (!grader || !this.questions) return { status: 'done', cell, cached: got.cached };
    if (got.grades) return { status: 'done', cell: { ...cell, grades: got.grades }, cached: got.cached };
    const state = graderState(grader.state, row, got.reply.text, this.spec.dataset.expectedColumn);
    if (!state.ok)
      return {
        status: 'failed',
        cell: { ...cell, state: 'failed', error: { code: 'invalid_input', message: state.problem } },
        cached: got.cached,
      };
    got.stage = 'judge';
    const { parsed } = await askJudge(
      {
        client: this.deps.client,
        target: await this.target(grader.profileId ?? this.deps.profiles.activeId()),
        now: this.deps.now,
        tokens: this.deps.tokens,
      },
      { model: grader.judgeModel, state: state.state, questions: this.questions, signal },
    );
    const grades = parsed.answers as unknown as Record<string, unknown>[];
    return { status: 'done', cell: { ...cell, grades }, cached: got.cached };
  }

  /** NaN as the value: the row had nothing to compare with (the check says why). */
  private async measure(
    c: SourcedCell,
    reply: string,
    signal: AbortSignal,
  ): Promise<NonNullable<Answered['similarity']>> {
    if (reply.trim() === '')
      return { value: Number.NaN, check: { kind: 'similarity', pass: false, reason: 'the reply is empty' } };
    const m = await this.similarity!.measure(c.row, c.data!, reply, signal);
    return { value: m.similarity ?? Number.NaN, check: m.check };
  }
}
