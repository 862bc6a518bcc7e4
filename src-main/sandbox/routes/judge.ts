import { setTimeout as sleep } from 'node:timers/promises';
import { badRequest, SandboxHttpError } from '../errors';
import { requireModel } from '../model-catalog';
import type { SandboxRoute } from '../route-types';
import { type CheckedQuestion, judgeAnswers } from './judge-answers';
import { type JudgeVersion, sandboxTokens } from './judge-scoring';

export const PINNED_JUDGE = 'judge-1.13.0';

/**
 * What each judge model resolves to on the Sandbox (spec §9: the response names the exact
 * version), and how each differs (docs/architecture.md, "The Sandbox judge"). `judge-latest`
 * reads the same cues as the pinned version, a little sharper, with a small seeded drift per
 * (version, state, question). `judge-preview` is the one that differs on purpose: it does not
 * count apologies as courtesy nor a credit as money back, grades scores half a level harsher and
 * drifts more, so a drift against the pinned version shows real flips.
 */
export const JUDGE_VERSIONS: Record<string, JudgeVersion> = {
  [PINNED_JUDGE]: { version: PINNED_JUDGE, drift: 0, sharpness: 2.5, blind: [], scoreBias: 0 },
  'judge-latest': { version: 'judge-1.14.0', drift: 0.08, sharpness: 2.8, blind: [], scoreBias: 0 },
  'judge-preview': {
    version: 'judge-1.15.0-preview',
    drift: 0.2,
    sharpness: 2.2,
    blind: ['apologies', 'credits'],
    scoreBias: -0.5,
  },
};
export const JUDGE_PRICE_PER_TOKEN = 0.35 / 1e6;
/** Spec §4/§8: "64k" and "32k" are 65,536 and 32,768 tokens (65,536 × 0.35 / 1e6 ≈ 0.023 yuan reserved). */
export const JUDGE_RESERVE_TOKENS = 65_536;
export const JUDGE_PAIR_LIMIT = 32_768;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

function checkState(state: unknown): string {
  if (typeof state === 'string') {
    if (!state.trim()) throw badRequest('state', 'state must not be empty');
    return state;
  }
  if (Array.isArray(state)) {
    if (state.length === 0) throw badRequest('state', 'state must not be an empty list');
    const bad = state.findIndex((x) => typeof x !== 'string');
    if (bad >= 0)
      throw badRequest(`state[${bad}]`, `state[${bad}] must be text: a list state holds texts only`);
    return state.join('\n');
  }
  if (isRec(state)) return JSON.stringify(state);
  if (state === undefined) throw badRequest('state', 'state is required', 'missing_required_parameter');
  throw badRequest('state', 'state must be text, a JSON object or a list of texts');
}

function checkQuestions(questions: unknown): CheckedQuestion[] {
  if (questions === undefined)
    throw badRequest('questions', 'questions is required', 'missing_required_parameter');
  if (!isRec(questions)) throw badRequest('questions', 'questions must be an object keyed by question name');
  // Own keys only (JSON.parse makes "__proto__" an own key); answers go into a null-prototype object.
  const entries = Object.entries(questions);
  if (entries.length === 0) throw badRequest('questions', 'questions must hold at least one question');
  return entries.map(([name, q]) => {
    const at = `questions.${name}`;
    if (!isRec(q)) throw badRequest(at, `${at} must be a question object`);
    if (q.type !== 'choice' && q.type !== 'score' && q.type !== 'noul')
      throw badRequest(
        `${at}.type`,
        `${at}.type must be one of choice, score, noul (got ${JSON.stringify(q.type)})`,
      );
    if (typeof q.instructions !== 'string' || !q.instructions.trim())
      throw badRequest(`${at}.instructions`, `${at}.instructions is required and must be a non-empty string`);
    const out: CheckedQuestion = {
      name,
      type: q.type,
      instructions: q.instructions,
      options: [],
      levels: [],
    };
    if (q.type === 'choice') {
      if (!isRec(q.criteria))
        throw badRequest(
          `${at}.criteria`,
          `${at}.criteria must be an object mapping each option name to its description`,
        );
      out.options = Object.entries(q.criteria).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]);
      if (out.options.length < 2)
        throw badRequest(`${at}.criteria`, `${at}.criteria must have at least 2 options`);
    } else if (q.type === 'score') {
      if (!Array.isArray(q.criteria) || q.criteria.some((c) => typeof c !== 'string'))
        throw badRequest(`${at}.criteria`, `${at}.criteria must be an array of level descriptions`);
      if (q.criteria.length < 2 || q.criteria.length > 10)
        throw badRequest(
          `${at}.criteria`,
          `${at}.criteria must have 2 to 10 levels (got ${q.criteria.length})`,
        );
      out.levels = q.criteria as string[];
    }
    return out;
  });
}

export const judgeRoute: SandboxRoute = {
  method: 'POST',
  path: /\/(?<segment>[A-Za-z0-9_-]+)\/v1\/systemone/,
  async handle(ctx) {
    const body = ctx.body as Rec;
    if (body.stream !== undefined && body.stream !== false)
      throw badRequest('stream', 'stream must be omitted or false: the judgement endpoint does not stream');
    if (typeof body.model !== 'string' || !body.model)
      throw badRequest('model', 'model is required and must be a string', 'missing_required_parameter');
    requireModel(body.model, 'judge');
    const stateText = checkState(body.state);
    ctx.state.countJudgeRequest(body.model, stateText);
    const questions = checkQuestions(body.questions);
    const version = JUDGE_VERSIONS[body.model] ?? { ...JUDGE_VERSIONS[PINNED_JUDGE], version: body.model };

    const stateTokens = sandboxTokens(stateText);
    const questionTokens = questions.map(
      (q) =>
        sandboxTokens(JSON.stringify(Object.getOwnPropertyDescriptor(body.questions, q.name)?.value)) + 2,
    );
    const longest = Math.max(...questionTokens);
    if (stateTokens + longest > JUDGE_PAIR_LIMIT) {
      throw badRequest(
        'state',
        `state plus the longest question is ${stateTokens + longest} tokens; the limit is ${JUDGE_PAIR_LIMIT}`,
        'context_length_exceeded',
      );
    }
    const inputTokens = sandboxTokens(
      JSON.stringify({ model: body.model, state: body.state, questions: body.questions }),
    );
    if (inputTokens > JUDGE_RESERVE_TOKENS) {
      throw badRequest(
        'questions',
        `the request is ${inputTokens} tokens; the limit is ${JUDGE_RESERVE_TOKENS}`,
        'context_length_exceeded',
      );
    }

    const reserved = JUDGE_RESERVE_TOKENS * JUDGE_PRICE_PER_TOKEN;
    if (!ctx.state.reserve(reserved)) {
      throw new SandboxHttpError(
        402,
        `Insufficient balance: each judgement request reserves ${reserved.toFixed(4)} yuan (a 64k-token context) and the balance is ${(ctx.state.balanceYuan ?? 0).toFixed(4)} yuan`,
        'insufficient_quota',
        'insufficient_balance',
      );
    }

    ctx.state.activeJudges++;
    ctx.state.peakJudges = Math.max(ctx.state.peakJudges, ctx.state.activeJudges);
    try {
      if (ctx.settings.judgeLatencyMs > 0)
        await sleep(ctx.settings.judgeLatencyMs, undefined, { signal: ctx.signal });
    } catch {
      ctx.state.settle(reserved, 0); // the client left before the answer: nothing is billed
      return;
    } finally {
      ctx.state.activeJudges--;
    }

    const answers = judgeAnswers(stateText, questions, version, ctx.seed, PINNED_JUDGE);
    ctx.state.settle(reserved, inputTokens * JUDGE_PRICE_PER_TOKEN);
    ctx.sendJson(200, {
      model: version.version,
      answers,
      usage: { input_tokens: inputTokens, output_tokens: questions.length * 4 },
    });
  },
};
