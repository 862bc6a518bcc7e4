import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { judgeBehaviours, WILD_JUDGE_KEY } from '../../test-support/wild-gateway/judge-behaviours';
import { startWildGateway, type WildGateway } from '../../test-support/wild-gateway/server';
import { GatewayClient } from '../gateway/gateway-client';
import type { GatewayError } from '../gateway/gateway-error';
import { postJudge } from '../gateway/judge-api';
import { RequestLog } from '../gateway/request-log';
import type { ProfileService } from '../profiles/profile-service';
import { openMemoryDatabase } from '../db/open-database';
import { createRepositories } from '../db/repositories';
import { StorageNotices } from '../storage/storage-notices';
import { createJudgeService } from './create-judge-service';
import type { AppError } from '../../../src-shared/result';
import { sampleQuestions } from './sample-questions.test-helper';
import { answerProblems, problemText } from '../../../src-shared/judge/answer-check';
import type { JudgeAnswer } from '../../../src-shared/judge/judge-answers';
import { pairQuestion } from '../../../src-shared/judge/metrics/label-pairing';

const questions = sampleQuestions;

let gw: WildGateway;
let db: DatabaseSync;
let log: RequestLog;
beforeAll(async () => {
  gw = await startWildGateway(judgeBehaviours);
});
afterAll(() => gw.close());
beforeEach(() => {
  db = openMemoryDatabase();
  log = new RequestLog();
  return () => db.close();
});

let sets = 0;
function service(apiKey: string | null = WILD_JUDGE_KEY, judgeSegment = 'partner') {
  const profiles = {
    target: async () => ({ host: gw.origin, judgeSegment, apiKey: apiKey ?? undefined }),
  } as unknown as ProfileService;
  return createJudgeService({
    repos: createRepositories({ db, notices: new StorageNotices() }),
    client: new GatewayClient({ fetch, log }),
    profiles,
    desktop: { saveTextAs: async () => null, saveFileAs: async () => null, notify: () => undefined },
  });
}

/** Runs one set on a state and returns the AppError it fails with. */
async function failure(state: string, opts: { apiKey?: string; segment?: string } = {}) {
  const judge = service('apiKey' in opts ? (opts.apiKey ?? null) : WILD_JUDGE_KEY, opts.segment);
  const set = judge.saveSet(undefined, { name: `Wild ${++sets}`, questions });
  const err: unknown = await judge
    .run({ setId: set.id, model: 'judge-1.13.0', state: { mode: 'text', text: state } })
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(err).toBeDefined();
  return (
    (err as { toAppError?: () => AppError; error?: AppError }).toAppError?.() ??
    (err as { error: AppError }).error
  );
}

describe('the judgement endpoint as System One answers', () => {
  it('reads a missing key (403) and a wrong key (401) apart, in the gateway words', async () => {
    const missing = await failure('hello', { apiKey: undefined });
    expect(missing).toMatchObject({
      code: 'forbidden',
      status: 403,
      details: { gatewayMessage: 'Not authenticated' },
    });
    const wrong = await failure('hello', { apiKey: 'sk-wrong' });
    expect(wrong).toMatchObject({
      code: 'unauthorized',
      status: 401,
      details: { gatewayMessage: 'Invalid API key' },
    });
  });

  it('explains a 413 with the limit and the amount over, from the run estimate, and keeps the request id', async () => {
    const state = `[wild:413] ${'word '.repeat(34_000)}`;
    const err = await failure(state);
    expect(err.code).toBe('too_large');
    expect(err.status).toBe(413);
    expect(err.details).toMatchObject({ limit: 'pair', limitTokens: 32_768, errorType: 'tokens_exceeded' });
    expect(err.details?.overBy).toBeGreaterThan(1000);
    expect(err.message).toMatch(/over the judge's limit of 32,768/);
    expect(err.details?.requestId).toMatch(/^wild-req-/);
    const entry = log.list().at(-1);
    expect(entry?.requestId).toBe(err.details?.requestId);
  });

  it('reads 422 validation, 429 with retry-after and 529 overload', async () => {
    // The app's set rules refuse a one-level score question, so the 422 is asked for directly.
    const client = new GatewayClient({ fetch, log });
    const target = { host: gw.origin, judgeSegment: 'partner', apiKey: WILD_JUDGE_KEY };
    const request = {
      model: 'jev-1.13.0',
      state: 'hi',
      questions: { q: { type: 'score', levels: ['only'] } },
    };
    const invalid = await postJudge(client, target, request).catch((e: GatewayError) => e.toAppError());
    expect(invalid).toMatchObject({
      code: 'bad_request',
      status: 422,
      details: { gatewayMessage: "Question 'q' needs at least 2 levels" },
    });
    expect(await failure('[wild:429] hi')).toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryAfterMs: 7000,
    });
    expect(await failure('[wild:529] hi')).toMatchObject({ code: 'overloaded', status: 529 });
  });

  it('treats a 200 carrying an error envelope as an error, not a run with empty answers', async () => {
    const err = await failure('[wild:envelope] hi');
    expect(err).toMatchObject({
      code: 'bad_request',
      details: { gatewayMessage: 'quota exhausted for this key' },
    });
    expect(db.prepare('SELECT count(*) AS n FROM judge_runs').get()).toEqual({ n: 0 });
  });

  it('accepts answers sent as an array of {name, …} and keeps the request id on the run', async () => {
    const judge = service();
    const set = judge.saveSet(undefined, { name: 'Wild', questions });
    const { run } = await judge.run({
      setId: set.id,
      model: 'judge-1.13.0',
      state: { mode: 'text', text: '[wild:array] hi' },
    });
    const kinds = (run.answers as { kind: string }[]).map((a) => a.kind);
    expect(kinds).toEqual(['choice', 'score', 'noul']);
    expect(run.requestId).toMatch(/^wild-req-/);
    expect(judge.getRun(run.id).requestId).toBe(run.requestId);
  });

  it('keeps answers that do not fit their question as received, flagged, and counts them apart', async () => {
    const judge = service();
    const set = judge.saveSet(undefined, { name: 'Wild', questions });
    const { run } = await judge.run({
      setId: set.id,
      model: 'judge-1.13.0',
      state: { mode: 'text', text: '[wild:out-of-range] hi' },
    });
    const answers = judge.getRun(run.id).answers as unknown as JudgeAnswer[];
    expect(answers[0]).toMatchObject({ kind: 'choice', choice: 'unsure', confidence: 87 });
    expect(answers[1]).toMatchObject({ kind: 'score', score: 7 });
    expect(answers[2]).toMatchObject({ kind: 'noul', noul: 1.7 });
    const words = answers.map((a) => answerProblems(a, undefined).map(problemText));
    expect(words).toEqual([
      [
        'choice “unsure” is not an option of the question',
        'probability 70 of “calm” is outside 0–1',
        'probability 30 of “angry” is outside 0–1',
        'confidence 87 is outside 0–1',
      ],
      ['score 7 is not a level of the question (1–3)'],
      ['noul 1.7 is outside 0–1'],
    ]);
    const cases = [{ id: 'c1', answers, labels: { tone: 'calm', quality: 0, cats: true } }];
    for (const q of questions)
      expect(pairQuestion(q, cases).coverage).toMatchObject({ used: 0, invalidAnswer: 1 });
  });

  it('flags values that are not numbers and probabilities that do not sum to 1', async () => {
    const judge = service();
    const set = judge.saveSet(undefined, { name: 'Wild', questions });
    const { run } = await judge.run({
      setId: set.id,
      model: 'judge-1.13.0',
      state: { mode: 'text', text: '[wild:not-numbers] hi' },
    });
    const words = (run.answers as unknown as JudgeAnswer[]).map((a) =>
      answerProblems(a, undefined).map(problemText),
    );
    expect(words).toEqual([
      ['confidence "high" is not a number', 'probabilities sum to 1.3, not 1'],
      ['probability "NaN" of “1” is not a number', 'probabilities sum to 0.5, not 1'],
      ['noul "likely" is not a number'],
    ]);
  });

  it('reduces an HTML 502 page to its title', async () => {
    const err = await failure('hi', { segment: 'html502' });
    expect(err).toMatchObject({
      code: 'server_error',
      status: 502,
      details: { gatewayMessage: '502 Bad Gateway' },
    });
    expect(err.message).not.toMatch(/<|nginx/);
  });

  it('reads a run row saved before the request id was kept', () => {
    const judge = service();
    const set = judge.saveSet(undefined, { name: 'Old', questions });
    const old = {
      id: 'old-run',
      setId: set.id,
      setRevision: 1,
      createdAt: 5,
      state: { mode: 'text', text: 'hi' },
      modelAsked: 'judge-1.13.0',
      answers: [{ name: 'tone', kind: 'missing' }],
      usage: {},
      latencyMs: 3,
      raw: '{}',
    };
    db.prepare(
      'INSERT INTO judge_runs (id, set_id, set_revision, created_at, data) VALUES (?, ?, ?, ?, ?)',
    ).run(old.id, set.id, 1, 5, JSON.stringify(old));
    const read = service().getRun('old-run');
    expect(read).toMatchObject({ id: 'old-run', latencyMs: 3 });
    expect(read.requestId).toBeUndefined();
  });

  it('reads a run stored before answers were checked, and flags its answers when read', () => {
    const judge = service();
    const set = judge.saveSet(undefined, { name: 'Unchecked', questions });
    const old = {
      id: 'unchecked-run',
      setId: set.id,
      setRevision: 1,
      createdAt: 5,
      state: { mode: 'text', text: 'hi' },
      modelAsked: 'judge-1.13.0',
      answers: [
        {
          name: 'tone',
          kind: 'choice',
          choice: 'calm',
          options: [{ name: 'calm', probability: 1 }],
          confidence: 87,
        },
        { name: 'cats', kind: 'noul', noul: 0.4 },
      ],
      usage: {},
      latencyMs: 3,
      raw: '{}',
    };
    db.prepare(
      'INSERT INTO judge_runs (id, set_id, set_revision, created_at, data) VALUES (?, ?, ?, ?, ?)',
    ).run(old.id, set.id, 1, 5, JSON.stringify(old));
    const read = service().getRun('unchecked-run').answers as unknown as JudgeAnswer[];
    expect(read[0]).not.toHaveProperty('problems');
    expect(answerProblems(read[0], questions[0]).map(problemText)).toEqual(['confidence 87 is outside 0–1']);
    expect(answerProblems(read[1], questions[2])).toEqual([]);
  });
});
