import type { ServerResponse } from 'node:http';
import { shapeReply, WILD_SHAPE_MODELS } from './chat-shape-behaviours';
import { sendJson, type WildRequest, type WildRoute } from './server';

/**
 * `POST /v1/chat/completions` as gateways in the field answer it. The request's model picks the
 * behaviour (see WILD_CHAT_MODELS); any other model gets a plain, well-formed stream.
 */
export const WILD_CHAT_MODELS = [
  'wild-reasoner', // reasoning_content first, then content (DeepSeek, Qwen, Kimi, GLM style)
  'wild-openrouter', // `reasoning` instead of reasoning_content; one chunk carries both
  'wild-think-tags', // <think>…</think> inside content, the opening tag split across chunks
  'wild-envelope', // HTTP 200 with {code: 40001, msg, data: null} (one-api / new-api family)
  'wild-envelope-sse', // an {error} body labelled text/event-stream, with no `data:` line
  'wild-error-event', // an SSE `event: error` frame after the stream began
  'wild-plain-json', // a stream request answered with one JSON chat.completion
  'wild-html', // HTTP 200 text/html: a proxy's page
  'wild-cut', // the connection closes mid-stream
  'wild-length', // finish_reason "length"
  'wild-endless', // streams 64 KB deltas without end (up to 64 MB), for the reply length cap
  'wild-long', // cut at the limit on the first request; a request already holding its reply gets the rest
  'wild-filter', // finish_reason "content_filter"
  'wild-only-thinking', // reasoning, then finish_reason "stop" with no content at all
  'wild-rate-limited', // 429 with retry-after: 2 for the first request of a question, then the answer
] as const;

/** Seconds the rate-limited model asks a client to wait, as a `retry-after` header. */
export const WILD_RETRY_AFTER_SEC = 2;

/**
 * Questions the rate-limited model has refused once. A real limit lifts after its wait; here it
 * lifts on the next request for the same question, so a test never sleeps to see the answer.
 * Kept per process: tests that use this model ask questions no other test asks.
 */
const refusedOnce = new Set<string>();

/** Pause between chunks; the reasoner thinks longer so a live "Thinking" block can be seen. */
export const WILD_STEP_MS = 15;
export const WILD_THINKING_MS = 1200;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const created = 1_700_000_000;

function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null) {
  const body = {
    id: 'chatcmpl-wild',
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

function usageChunk(model: string) {
  const usage = { prompt_tokens: 9, completion_tokens: 12, total_tokens: 21 };
  return `data: ${JSON.stringify({ id: 'chatcmpl-wild', object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`;
}

async function stream(
  res: ServerResponse,
  parts: string[],
  opts: { done?: boolean; pauseAfter?: number } = {},
) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  for (const [i, part] of parts.entries()) {
    if (res.destroyed) return;
    res.write(part);
    await sleep(i === opts.pauseAfter ? WILD_THINKING_MS : WILD_STEP_MS);
  }
  res.end(opts.done === false ? undefined : 'data: [DONE]\n\n');
}

const answer = (model: string, finish = 'stop') => [
  chunk(model, { role: 'assistant', content: 'The answer ' }),
  chunk(model, { content: 'is 42.' }),
  chunk(model, {}, finish),
  usageChunk(model),
];

/** OpenAI's 429 body and headers: the wait in whole seconds, and the limit's own headers. */
function rateLimited(res: ServerResponse) {
  sendJson(
    res,
    {
      error: {
        message: 'Rate limit reached for requests per minute. Please try again in 2s.',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    },
    429,
    {
      'retry-after': String(WILD_RETRY_AFTER_SEC),
      'x-ratelimit-limit-requests': '3',
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': `${WILD_RETRY_AFTER_SEC}s`,
    },
  );
}

async function reply(req: WildRequest, res: ServerResponse) {
  const body = (req.json ?? {}) as { model?: string; messages?: { content?: unknown }[] };
  const model = body.model ?? '';
  if (await shapeReply(model, res)) return;
  switch (model) {
    case 'wild-reasoner':
      return stream(
        res,
        [
          chunk(model, { role: 'assistant', content: null, reasoning_content: 'Let me think. ' }),
          chunk(model, { content: null, reasoning_content: 'Six times seven is 42.' }),
          ...answer(model),
        ],
        { pauseAfter: 1 },
      );
    case 'wild-openrouter':
      return stream(res, [
        chunk(model, { role: 'assistant', content: '', reasoning: 'Routing thoughts. ' }),
        chunk(model, { reasoning: 'Done thinking.', content: 'The answer ' }),
        chunk(model, { content: 'is 42.' }),
        chunk(model, {}, 'stop'),
      ]);
    case 'wild-think-tags':
      return stream(res, [
        chunk(model, { role: 'assistant', content: '<thi' }),
        chunk(model, { content: 'nk>Tags hold ' }),
        chunk(model, { content: 'my thoughts.</th' }),
        chunk(model, { content: 'ink>\n\nThe answer ' }),
        chunk(model, { content: 'is 42.' }),
        chunk(model, {}, 'stop'),
      ]);
    case 'wild-envelope':
      return sendJson(res, { code: 40001, msg: '令牌额度已用尽 (token quota used up)', data: null });
    case 'wild-envelope-sse':
      res
        .writeHead(200, { 'Content-Type': 'text/event-stream' })
        .end(
          JSON.stringify({ error: { message: 'Insufficient account balance', type: 'insufficient_quota' } }),
        );
      return;
    case 'wild-error-event':
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(chunk(model, { role: 'assistant', content: 'Partial ' }));
      await sleep(WILD_STEP_MS);
      res.end(
        `event: error\ndata: ${JSON.stringify({ error: { message: 'Upstream rate limit reached', type: 'rate_limit_error' } })}\n\n`,
      );
      return;
    case 'wild-plain-json':
      return sendJson(res, {
        id: 'chatcmpl-wild',
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: 'A whole answer at once.', reasoning_content: 'Brief.' },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 },
      });
    case 'wild-html':
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(
          '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>',
        );
      return;
    case 'wild-cut':
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(chunk(model, { role: 'assistant', content: 'Half an ans' }));
      await sleep(WILD_STEP_MS);
      res.destroy();
      return;
    case 'wild-length':
      return stream(res, answer(model, 'length'));
    case 'wild-endless': {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const part = chunk(model, { content: 'x'.repeat(64 * 1024) });
      // Stops when the reader goes away (the connection closes) or after 64 MB, whichever first.
      for (let i = 0; i < 1024 && !res.destroyed; i++) {
        if (!res.write(part)) await new Promise((r) => res.once('drain', r));
      }
      res.end();
      return;
    }
    case 'wild-long': {
      const history = (body as { messages?: { role: string }[] }).messages ?? [];
      if (!history.some((m) => m.role === 'assistant')) {
        return stream(res, [
          chunk(model, { role: 'assistant', content: 'Six times seven' }),
          chunk(model, {}, 'length'),
        ]);
      }
      return stream(res, [chunk(model, { role: 'assistant', content: ' is 42.' }), chunk(model, {}, 'stop')]);
    }
    case 'wild-filter':
      return stream(res, answer(model, 'content_filter'));
    case 'wild-only-thinking':
      return stream(res, [
        chunk(model, { role: 'assistant', reasoning_content: 'Thinking, and thinking…' }),
        chunk(model, {}, 'stop'),
      ]);
    case 'wild-rate-limited': {
      const question = JSON.stringify(body.messages?.at(-1)?.content ?? '');
      if (refusedOnce.has(question)) {
        refusedOnce.delete(question);
        return stream(res, answer(model));
      }
      refusedOnce.add(question);
      return rateLimited(res);
    }
    default:
      return stream(res, answer(model));
  }
}

export const chatBehaviours: WildRoute[] = [
  { method: 'POST', path: '/v1/chat/completions', handle: (req, res) => reply(req, res) },
  {
    method: 'GET',
    path: '/v1/models',
    handle: (_req, res) =>
      sendJson(res, {
        object: 'list',
        data: [...WILD_CHAT_MODELS, ...WILD_SHAPE_MODELS].map((id) => ({
          id,
          object: 'model',
          created,
          owned_by: 'wild',
        })),
      }),
  },
];
