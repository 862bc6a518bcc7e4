import type { ServerResponse } from 'node:http';
import { sendJson } from './server';

/**
 * Reply and error shapes of real OpenAI-compatible servers that a client reading only
 * `choices[0].delta.content` misreads: several choices (`n`), refusals, content as an array of
 * parts, tool calls in fragments, a stream that starts inside the thinking, rate-limit headers
 * other than Retry-After, and the error bodies of Gemini, FastAPI/vLLM, OpenRouter and Portkey.
 */
export const WILD_SHAPE_MODELS = [
  'wild-n2', // n: 2 — two choices interleaved by `index` (OpenAI, vLLM, OpenRouter)
  'wild-n2-json', // a stream request answered with one JSON completion holding two choices
  'wild-refusal', // delta.refusal fragments, content null (OpenAI structured outputs)
  'wild-refusal-json', // message.refusal in a whole completion
  'wild-parts', // delta.content as an array of text parts (Mistral, some proxies)
  'wild-parts-json', // message.content as an array of parts
  'wild-tools', // delta.tool_calls: two calls, arguments in fragments, finish_reason tool_calls
  'wild-tools-json', // message.tool_calls in a whole completion
  'wild-function-call', // the legacy delta.function_call
  'wild-stray-think', // starts inside the thinking: text, then `</think>` with no opening tag
  'wild-rate-ms', // 429 with retry-after-ms only
  'wild-rate-reset', // 429 with x-ratelimit-reset-* durations only
  'wild-err-gemini', // 400 with Gemini's array-shaped body
  'wild-err-string', // 500 with a JSON string body
  'wild-err-message', // 400 {message}
  'wild-err-detail', // 400 {detail: "…"} (FastAPI)
  'wild-err-detail-list', // 422 {detail: [{msg}]} (FastAPI / vLLM validation)
  'wild-err-openrouter', // 502 {error: {message, code, metadata: {raw, provider_name}}}
  'wild-err-portkey', // 400 {status: "failure", message}
  'wild-mid-gemini', // part of a reply, then `data: [{error}]`
  'wild-mid-detail', // part of a reply, then `data: {detail}`
  'wild-mid-openrouter', // part of a reply, then OpenRouter's nested error with metadata.raw
] as const;
export type WildShapeModel = (typeof WILD_SHAPE_MODELS)[number];

/** The words each error behaviour's body carries, for tests to expect. */
export const WILD_ERROR_WORDS = {
  gemini: 'API key not valid. Please pass a valid API key.',
  string: 'upstream connect error or disconnect/reset before headers',
  message: 'model "nope" not found, try pulling it first',
  detail: 'Not authenticated',
  detailList: 'Input should be a valid integer',
  openrouterRaw: 'deepseek/deepseek-r1 is temporarily rate-limited upstream',
  portkey: 'Either x-portkey-config or x-portkey-provider header is required',
};

const created = 1_700_000_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const frame = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`;
const chunk = (model: string, choices: unknown[]) =>
  frame({ id: 'chatcmpl-shape', object: 'chat.completion.chunk', created, model, choices });
const one = (model: string, delta: Record<string, unknown>, finish: string | null = null) =>
  chunk(model, [{ index: 0, delta, finish_reason: finish }]);

async function stream(res: ServerResponse, parts: string[], done = true) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  for (const part of parts) {
    if (res.destroyed) return;
    res.write(part);
    await sleep(5);
  }
  res.end(done ? 'data: [DONE]\n\n' : undefined);
}

function completion(model: string, choices: unknown[]) {
  return {
    id: 'chatcmpl-shape',
    object: 'chat.completion',
    created,
    model,
    choices,
    usage: { prompt_tokens: 5, completion_tokens: 8, total_tokens: 13 },
  };
}

const toolArgs = '{"city": "Paris", "unit": "celsius"}';

/** Answers `model` when it is one of WILD_SHAPE_MODELS; false when it is not. */
export async function shapeReply(model: string, res: ServerResponse): Promise<boolean> {
  if (!(WILD_SHAPE_MODELS as readonly string[]).includes(model)) return false;
  const m = model as WildShapeModel;
  switch (m) {
    case 'wild-n2':
      await stream(res, [
        chunk(m, [
          { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
          { index: 1, delta: { role: 'assistant', content: '' }, finish_reason: null },
        ]),
        chunk(m, [{ index: 1, delta: { content: 'Second ' }, finish_reason: null }]),
        chunk(m, [{ index: 0, delta: { content: 'First ' }, finish_reason: null }]),
        chunk(m, [{ index: 0, delta: { content: 'version.' }, finish_reason: null }]),
        chunk(m, [{ index: 1, delta: { content: 'version.' }, finish_reason: null }]),
        chunk(m, [{ index: 1, delta: {}, finish_reason: 'stop' }]),
        chunk(m, [{ index: 0, delta: {}, finish_reason: 'length' }]),
      ]);
      return true;
    case 'wild-n2-json':
      sendJson(
        res,
        completion(m, [
          { index: 0, message: { role: 'assistant', content: 'First version.' }, finish_reason: 'stop' },
          { index: 1, message: { role: 'assistant', content: 'Second version.' }, finish_reason: 'stop' },
        ]),
      );
      return true;
    case 'wild-refusal':
      await stream(res, [
        one(m, { role: 'assistant', content: null, refusal: '' }),
        one(m, { refusal: "I'm sorry, I can't " }),
        one(m, { refusal: 'help with that.' }),
        one(m, {}, 'stop'),
      ]);
      return true;
    case 'wild-refusal-json':
      sendJson(
        res,
        completion(m, [
          {
            index: 0,
            message: { role: 'assistant', content: null, refusal: "I can't help with that." },
            finish_reason: 'stop',
          },
        ]),
      );
      return true;
    case 'wild-parts':
      await stream(res, [
        one(m, { role: 'assistant', content: [{ type: 'text', text: 'The answer ' }] }),
        one(m, {
          content: [
            { type: 'text', text: 'is ' },
            { type: 'image_url', image_url: { url: 'https://example.invalid/x.png' } },
            { type: 'text', text: '42.' },
          ],
        }),
        one(m, {}, 'stop'),
      ]);
      return true;
    case 'wild-parts-json':
      sendJson(
        res,
        completion(m, [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: [
                { type: 'text', text: 'The answer ' },
                { type: 'text', text: 'is 42.' },
              ],
            },
            finish_reason: 'stop',
          },
        ]),
      );
      return true;
    case 'wild-tools': {
      const call = (index: number, fn: Record<string, unknown>, id?: string) =>
        one(m, { tool_calls: [{ index, ...(id ? { id, type: 'function' } : {}), function: fn }] });
      await stream(res, [
        one(m, { role: 'assistant', content: 'Checking the weather.' }),
        call(0, { name: 'get_weather', arguments: '' }, 'call_a1'),
        call(0, { arguments: '{"city": ' }),
        call(0, { arguments: '"Paris", "unit": "celsius"}' }),
        call(1, { name: 'get_time', arguments: '{"zone":' }, 'call_b2'),
        call(1, { arguments: ' "Europe/Paris"' }),
        one(m, {}, 'tool_calls'),
      ]);
      return true;
    }
    case 'wild-tools-json':
      sendJson(
        res,
        completion(m, [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'call_a1', type: 'function', function: { name: 'get_weather', arguments: toolArgs } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ]),
      );
      return true;
    case 'wild-function-call':
      await stream(res, [
        one(m, { role: 'assistant', content: null, function_call: { name: 'get_weather', arguments: '' } }),
        one(m, { function_call: { arguments: '{"city": "Paris", ' } }),
        one(m, { function_call: { arguments: '"unit": "celsius"}' } }),
        one(m, {}, 'function_call'),
      ]);
      return true;
    case 'wild-stray-think':
      await stream(res, [
        one(m, { role: 'assistant', content: 'The user asks 6 × 7. ' }),
        one(m, { content: 'That is 42.</th' }),
        one(m, { content: 'ink>\n\nThe answer ' }),
        one(m, { content: 'is 42.' }),
        one(m, {}, 'stop'),
      ]);
      return true;
    case 'wild-rate-ms':
      sendJson(res, { error: { message: 'Rate limit exceeded', type: 'rate_limit_error' } }, 429, {
        'retry-after-ms': '1500',
      });
      return true;
    case 'wild-rate-reset':
      sendJson(res, { error: { message: 'Rate limit reached for tokens', type: 'tokens' } }, 429, {
        'x-ratelimit-remaining-requests': '42',
        'x-ratelimit-reset-requests': '6m0s',
        'x-ratelimit-remaining-tokens': '0',
        'x-ratelimit-reset-tokens': '1m30s',
      });
      return true;
    case 'wild-err-gemini':
      sendJson(
        res,
        [{ error: { code: 400, message: WILD_ERROR_WORDS.gemini, status: 'INVALID_ARGUMENT' } }],
        400,
      );
      return true;
    case 'wild-err-string':
      sendJson(res, WILD_ERROR_WORDS.string, 500);
      return true;
    case 'wild-err-message':
      sendJson(res, { message: WILD_ERROR_WORDS.message }, 400);
      return true;
    case 'wild-err-detail':
      sendJson(res, { detail: WILD_ERROR_WORDS.detail }, 400);
      return true;
    case 'wild-err-detail-list':
      sendJson(
        res,
        {
          detail: [
            {
              type: 'int_parsing',
              loc: ['body', 'max_tokens'],
              msg: WILD_ERROR_WORDS.detailList,
              input: 'x',
            },
          ],
        },
        422,
      );
      return true;
    case 'wild-err-openrouter':
      sendJson(
        res,
        {
          error: {
            message: 'Provider returned error',
            code: 502,
            metadata: { raw: WILD_ERROR_WORDS.openrouterRaw, provider_name: 'Chutes' },
          },
          user_id: 'user_x',
        },
        502,
      );
      return true;
    case 'wild-err-portkey':
      sendJson(res, { status: 'failure', message: WILD_ERROR_WORDS.portkey }, 400);
      return true;
    case 'wild-mid-gemini':
      await stream(
        res,
        [
          one(m, { role: 'assistant', content: 'Partial ' }),
          frame([{ error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }]),
        ],
        false,
      );
      return true;
    case 'wild-mid-detail':
      await stream(
        res,
        [one(m, { role: 'assistant', content: 'Partial ' }), frame({ detail: 'Engine loop has died' })],
        false,
      );
      return true;
    case 'wild-mid-openrouter':
      await stream(
        res,
        [
          one(m, { role: 'assistant', content: 'Partial ' }),
          frame({
            id: 'gen-1',
            object: 'chat.completion.chunk',
            created,
            model: m,
            error: {
              message: 'Provider returned error',
              code: 502,
              metadata: { raw: WILD_ERROR_WORDS.openrouterRaw, provider_name: 'Chutes' },
            },
            choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
          }),
        ],
        false,
      );
      return true;
  }
}
