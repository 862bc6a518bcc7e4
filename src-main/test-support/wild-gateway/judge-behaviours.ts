import type { ServerResponse } from 'node:http';
import { sendJson, type WildRequest, type WildRoute } from './server';

/**
 * The judgement endpoint as System One's API answers: no envelope on success (`answers` keyed by
 * question, score as the expected 0-based level, probabilities keyed "0".."N-1", noul without
 * confidence); errors as `{ detail: { message, error_type } }` with the status of the failure;
 * a request id header on every answer. The behaviour is chosen by a marker in the state text,
 * `[wild:<name>]`, so one profile reaches all of them.
 */
export const WILD_JUDGE_KEY = 'sk-wild-judge';
export const WILD_REQUEST_ID_HEADER = 'x-systemone-request-id';

let counter = 0;
const nextId = () => `wild-req-${++counter}`;

function detail(
  res: ServerResponse,
  status: number,
  message: string,
  errorType: string,
  headers: Record<string, string> = {},
) {
  sendJson(res, { detail: { message, error_type: errorType } }, status, {
    [WILD_REQUEST_ID_HEADER]: nextId(),
    ...headers,
  });
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (v && typeof v === 'object' ? (v as Rec) : {});

/** A plausible answer per question, from the question itself. */
function answerOf(q: Rec): Rec {
  if (q.type === 'choice') {
    const names = Object.keys(rec(q.options));
    const probabilities = Object.fromEntries(
      names.map((n, i) => [n, i === 0 ? 0.7 : 0.3 / (names.length - 1)]),
    );
    return { choice: names[0], probabilities, confidence: 0.8 };
  }
  if (q.type === 'score') {
    const n = Array.isArray(q.levels)
      ? q.levels.length
      : rec(q.levels)
        ? Object.keys(rec(q.levels)).length
        : 3;
    const p = Array.from({ length: n }, () => 1 / n);
    return {
      score: p.reduce((s, x, i) => s + x * i, 0),
      probabilities: Object.fromEntries(p.map((x, i) => [String(i), x])),
      confidence: 0.6,
    };
  }
  return { noul: 0.25 };
}

/** A choice question's option names, from `criteria` as the app sends them (or `options`). */
const optionNames = (q: Rec) => Object.keys(rec(q.criteria ?? q.options));

/**
 * Answers that do not fit their question, as gateways in the field have sent them: a confidence
 * and probabilities in percent, a noul above 1, a choice and a score the question does not have.
 */
function outOfRangeOf(q: Rec): Rec {
  if (q.type === 'choice') {
    const names = optionNames(q);
    return {
      choice: 'unsure',
      probabilities: Object.fromEntries(names.map((n, i) => [n, i === 0 ? 70 : 30 / (names.length - 1)])),
      confidence: 87,
    };
  }
  if (q.type === 'score') return { score: 7, confidence: 0.6 };
  return { noul: 1.7 };
}

/** Numbers that are not numbers, and probabilities that do not add up to 1. */
function notNumbersOf(q: Rec): Rec {
  if (q.type === 'choice') {
    const names = optionNames(q);
    return {
      choice: names[0],
      probabilities: Object.fromEntries(names.map((n) => [n, 0.65])),
      confidence: 'high',
    };
  }
  if (q.type === 'score') return { score: 1, probabilities: { '0': 0.2, '1': 'NaN', '2': 0.3 } };
  return { noul: 'likely' };
}

function marker(req: WildRequest): string | undefined {
  const state = rec(req.json).state;
  const text = typeof state === 'string' ? state : JSON.stringify(state ?? '');
  return /\[wild:([a-z0-9-]+)\]/.exec(text)?.[1];
}

function judge(req: WildRequest, res: ServerResponse) {
  const auth = req.headers.authorization;
  if (!auth) return detail(res, 403, 'Not authenticated', 'authentication_error');
  if (auth !== `Bearer ${WILD_JUDGE_KEY}`) return detail(res, 401, 'Invalid API key', 'authentication_error');
  const body = rec(req.json);
  const questions = rec(body.questions);
  const tooFew = Object.entries(questions).find(
    ([, q]) =>
      rec(q).type === 'score' && Array.isArray(rec(q).levels) && (rec(q).levels as unknown[]).length < 2,
  );
  if (tooFew) return detail(res, 422, `Question '${tooFew[0]}' needs at least 2 levels`, 'unknown');
  switch (marker(req)) {
    case '413':
      return detail(res, 413, 'Request exceeds the token limit', 'tokens_exceeded');
    case '429':
      return detail(res, 429, 'Too many requests', 'unknown', { 'retry-after': '7' });
    case '529':
      return detail(res, 529, 'Overloaded', 'unknown');
    case 'envelope':
      return sendJson(res, { code: 40001, msg: 'quota exhausted for this key', data: null }, 200, {
        [WILD_REQUEST_ID_HEADER]: nextId(),
      });
    case 'out-of-range':
    case 'not-numbers': {
      const read = marker(req) === 'out-of-range' ? outOfRangeOf : notNumbersOf;
      const answers = Object.fromEntries(Object.entries(questions).map(([name, q]) => [name, read(rec(q))]));
      return sendJson(
        res,
        { model: 'jev-1.13.0', answers, usage: { input_tokens: 120, output_tokens: 0 } },
        200,
        {
          [WILD_REQUEST_ID_HEADER]: nextId(),
        },
      );
    }
    case 'array': {
      const answers = Object.entries(questions).map(([name, q]) => ({ name, ...answerOf(rec(q)) }));
      return sendJson(res, { model: 'jev-1.13.0', answers }, 200, { [WILD_REQUEST_ID_HEADER]: nextId() });
    }
  }
  const answers = Object.fromEntries(Object.entries(questions).map(([name, q]) => [name, answerOf(rec(q))]));
  sendJson(res, { model: 'jev-1.13.0', answers, usage: { input_tokens: 120, output_tokens: 0 } }, 200, {
    [WILD_REQUEST_ID_HEADER]: nextId(),
  });
}

export const judgeBehaviours: WildRoute[] = [
  {
    // A reverse proxy in front of a dead upstream: an HTML page, not JSON.
    method: 'POST',
    path: '/html502/v1/systemone',
    handle: (_req, res) => {
      res
        .writeHead(502, { 'Content-Type': 'text/html' })
        .end(
          '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{font:14px sans-serif}</style></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
        );
    },
  },
  { method: 'POST', path: /\/(?<vendor>[^/]+)\/v1\/systemone/, handle: judge },
  {
    // A speech endpoint that answers 200 with an error envelope instead of audio.
    method: 'POST',
    path: '/v1/audio/speech',
    handle: (_req, res) =>
      sendJson(res, {
        error: { message: 'voice not available on this plan', type: 'invalid_request_error' },
      }),
  },
];
