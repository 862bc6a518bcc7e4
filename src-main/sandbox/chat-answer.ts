import { describeImage, imagePromptTokens, readImageUrl, type AttachedImage } from './chat-images';
import { tokenLogprobs } from './chat-logprobs';
import {
  buildChatReply,
  limitReply,
  paragraph,
  quote,
  tokenize,
  tokenizeStructured,
  type ChatReply,
} from './chat-reply';
import type { ChatMessage, ChatRequest } from './chat-schema';
import {
  BREAK_SCHEMA_TRIGGER,
  contentText,
  INTERLEAVE_TRIGGER,
  planToolCalls,
  trailingToolResults,
  validateToolUse,
  wantsToolCalls,
} from './chat-tools';
import { badRequest, SandboxHttpError } from './errors';
import { breakInstance, instanceOf, strictSchemaProblem } from './json-schema-instance';
import type { CatalogModel } from './model-catalog';
import type { Rng } from './seed';
import { buildSupportReply } from './support-reply';
import { supportTaskOf } from './support-task';

export interface ChatAnswer {
  reply: ChatReply;
  usage: {
    prompt_tokens: number;
    completion_tokens: number;
    total_tokens: number;
    completion_tokens_details?: { reasoning_tokens: number };
  };
  /** Response headers that say what a trigger did (e.g. where a schema was broken). */
  headers: Record<string, string>;
}

interface UserTurn {
  /** The first text part (or the string content): what the reply quotes. */
  prompt: string;
  /** Every text part, for the `[sandbox:…]` triggers. */
  allText: string;
  images: AttachedImage[];
  /** Text parts after the first: attached text files. */
  files: string[];
}

// Hidden reasoning tokens by effort (a reasoning model's default is medium, as OpenAI's are).
const REASONING_TOKENS = { minimal: 0, low: 96, medium: 384, high: 1536 } as const;

/**
 * Everything the request asks of the reply, checked as the real API checks it, then the reply:
 * tool calls, a JSON instance, a tool-results answer, a support reply (`support-reply.ts`) or the
 * usual markdown reply, ended by `stop` or the token limit, with log probabilities when asked
 * (docs/architecture.md, "The Sandbox").
 */
export function answerChat(body: ChatRequest, model: CatalogModel, rng: Rng): ChatAnswer {
  validateRequest(body, model);
  const turns = body.messages.map((m, i) => readTurn(m, i, model));
  const lastUserIndex = body.messages.findLastIndex((m) => m.role === 'user');
  const last: UserTurn =
    lastUserIndex >= 0 ? turns[lastUserIndex]! : { prompt: '', allText: '', images: [], files: [] };
  const headers: Record<string, string> = {};
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  const stop = typeof body.stop === 'string' ? [body.stop] : (body.stop ?? []);

  let reply: ChatReply;
  if (wantsToolCalls(body)) {
    const toolCalls = planToolCalls(body, last.allText, rng);
    reply = {
      tokens: [],
      content: '',
      finishReason: 'tool_calls',
      toolCalls,
      interleaveToolCalls: last.allText.includes(INTERLEAVE_TRIGGER),
    };
  } else if (body.response_format?.type === 'json_schema') {
    const spec = body.response_format.json_schema;
    const schema = spec.schema ?? {};
    let value = instanceOf(schema, rng);
    if (last.allText.includes(BREAK_SCHEMA_TRIGGER)) {
      const broken = breakInstance(schema, value);
      value = broken.instance;
      headers['x-sandbox-broken-path'] = broken.path || '/';
    }
    reply = limitReply(tokenizeStructured(JSON.stringify(value)), { maxTokens, stop });
  } else if (body.response_format?.type === 'json_object') {
    const value = {
      model: body.model,
      prompt: quote(last.prompt),
      reply: paragraph(rng, 1),
      attachments: last.images.length + last.files.length,
    };
    reply = limitReply(tokenizeStructured(JSON.stringify(value)), { maxTokens, stop });
  } else {
    const results = body.messages.at(-1)?.role === 'tool' ? trailingToolResults(body.messages) : [];
    // A support task without attachments gets a support reply that follows the prompt's instructions.
    const support =
      results.length === 0 && last.images.length + last.files.length === 0
        ? supportTaskOf(body.messages)
        : undefined;
    const tokens =
      results.length > 0
        ? tokenize(toolResultsReply(body.model, results, rng))
        : support
          ? tokenize(buildSupportReply(support, body.model, rng).text)
          : buildChatReply(
              {
                model: body.model,
                lastUserMessage: last.prompt,
                extraBlocks: extraBlocks(last, body, model),
              },
              rng,
            ).tokens;
    reply = limitReply(tokens, { maxTokens, stop });
  }

  if (body.logprobs && !reply.toolCalls)
    reply.logprobs = tokenLogprobs(reply.tokens, body.top_logprobs ?? 0, rng.seed);

  const completion = reply.toolCalls
    ? reply.toolCalls.reduce((n, c) => n + tokenizeStructured(c.arguments).length + 4, 0)
    : reply.tokens.length;
  const reasoning = model.reasoning
    ? REASONING_TOKENS[body.reasoning_effort ?? 'medium'] + (rng.seed % 64)
    : undefined;
  const promptTokens = countPromptTokens(body, turns);
  const completionTokens = completion + (reasoning ?? 0);
  return {
    reply,
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      ...(reasoning !== undefined && { completion_tokens_details: { reasoning_tokens: reasoning } }),
    },
    headers,
  };
}

function validateRequest(body: ChatRequest, model: CatalogModel): void {
  if (body.top_logprobs != null && body.logprobs !== true)
    throw badRequest('top_logprobs', "top_logprobs requires 'logprobs' to be true");
  if (body.stream_options != null && body.stream !== true)
    throw badRequest('stream_options', "stream_options is only allowed when 'stream' is true");
  if (body.reasoning_effort != null && !model.reasoning)
    throw new SandboxHttpError(
      400,
      `Unsupported parameter: 'reasoning_effort' is not supported with the model '${model.id}' (only reasoning models, such as sandbox-chat-reasoning, take it)`,
      'invalid_request_error',
      'unsupported_parameter',
      'reasoning_effort',
    );
  validateToolUse(body);
  for (const [i, t] of (body.tools ?? []).entries()) {
    const param = `tools[${i}].function.parameters`;
    const problem = t.function.strict ? strictSchemaProblem(t.function.parameters ?? {}) : undefined;
    if (problem)
      throw badRequest(
        param,
        `Invalid schema for function '${t.function.name}': ${problem}`,
        'invalid_function_parameters',
      );
  }
  const format = body.response_format;
  if (format?.type === 'json_schema' && format.json_schema.strict) {
    const problem = strictSchemaProblem(format.json_schema.schema ?? {});
    if (problem)
      throw badRequest(
        'response_format.json_schema.schema',
        `Invalid schema for response_format '${format.json_schema.name}': ${problem}`,
        'invalid_json_schema',
      );
  }
  if (format?.type === 'json_object' && !body.messages.some((m) => /json/i.test(contentText(m.content))))
    throw badRequest(
      'messages',
      "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'",
    );
}

/** Reads a message's parts: images decoded and checked (every message, as the API checks them all). */
function readTurn(m: ChatMessage, index: number, model: CatalogModel): UserTurn {
  if (m.role !== 'user' || typeof m.content === 'string') {
    const text = contentText(m.content);
    return { prompt: text, allText: text, images: [], files: [] };
  }
  const texts: string[] = [];
  const images: AttachedImage[] = [];
  m.content.forEach((part, j) => {
    const param = `messages[${index}].content[${j}]`;
    if (part.type === 'text') texts.push(part.text);
    else {
      if (model.textOnly)
        throw new SandboxHttpError(
          400,
          `The model '${model.id}' does not support image input: ${param} is an image_url part; send text only, or pick a model that takes images`,
          'invalid_request_error',
          'image_input_not_supported',
          `${param}.type`,
        );
      images.push(
        readImageUrl(part.image_url.url, part.image_url.detail ?? 'auto', `${param}.image_url.url`),
      );
    }
  });
  return { prompt: texts[0] ?? '', allText: texts.join('\n'), images, files: texts.slice(1) };
}

function extraBlocks(turn: UserTurn, body: ChatRequest, model: CatalogModel): string[] {
  const blocks: string[] = [];
  const lines = [
    ...turn.images.map((image, i) => `- ${describeImage(image, i)}`),
    ...turn.files.map((file, i) => `- ${describeFile(file, i)}`),
  ];
  if (lines.length > 0) {
    const what = [
      turn.images.length > 0 && `${turn.images.length} image${turn.images.length > 1 ? 's' : ''}`,
      turn.files.length > 0 && `${turn.files.length} text file${turn.files.length > 1 ? 's' : ''}`,
    ]
      .filter(Boolean)
      .join(' and ');
    blocks.push([`You attached ${what}:`, ...lines].join('\n'));
  }
  if (model.reasoning)
    blocks.push(
      `Reasoning effort: ${body.reasoning_effort ?? 'medium (the default)'}; the reasoning itself is not shown, only counted in usage.`,
    );
  return blocks;
}

/**
 * An attached text file is a text part after the first; its first line may name it (`File:
 * notes.txt`, `<file name="notes.txt">` or `# notes.txt`); docs/architecture.md, "The Sandbox".
 */
function describeFile(text: string, index: number): string {
  const first = text.split('\n', 1)[0].trim();
  const name =
    /^(?:file|attached file|attachment)\s*:\s*(.+)$/i.exec(first)?.[1] ??
    /^<file\b[^>]*\bname="([^"]+)"/i.exec(first)?.[1] ??
    /^#+\s+(\S+\.\w{1,8})$/.exec(first)?.[1];
  const body = name ? text.slice(text.indexOf('\n') + 1 || text.length) : text;
  const lines = body === '' ? 0 : body.replace(/\n$/, '').split('\n').length;
  const opening = body.trim().split('\n', 1)[0].slice(0, 60);
  const label = name ? `File ${name.trim()}` : `Text file ${index + 1}`;
  return `${label}: ${lines} line${lines === 1 ? '' : 's'}, ${body.length} characters${opening ? `; it begins "${opening}"` : ''}.`;
}

function toolResultsReply(model: string, results: { name: string; content: string }[], rng: Rng): string {
  const lines = results.map((r) => {
    const text = r.content.replace(/\s+/g, ' ').trim();
    return `- The tool \`${r.name}\` returned: ${text.length > 200 ? `${text.slice(0, 200)} …` : text || '(nothing)'}`;
  });
  return [
    `**Sandbox reply** from \`${model}\`, using the tool results:`,
    lines.join('\n'),
    paragraph(rng, 1),
  ].join('\n\n');
}

/**
 * Roughly how chat formats count: a few tokens of framing per message, OpenAI's tile rule for
 * images, and the tool definitions and response schema as the model reads them.
 */
function countPromptTokens(body: ChatRequest, turns: readonly UserTurn[]): number {
  let total = 3;
  body.messages.forEach((m, i) => {
    total += 3;
    if (typeof m.content === 'string') total += tokenize(m.content).length;
    else total += tokenize(turns[i].allText).length;
    total += turns[i].images.reduce((n, image) => n + imagePromptTokens(image), 0);
    if (m.role === 'assistant')
      for (const c of m.tool_calls ?? []) total += tokenizeStructured(c.function.arguments).length + 4;
  });
  if (body.tools?.length) total += tokenizeStructured(JSON.stringify(body.tools)).length;
  if (body.response_format?.type === 'json_schema')
    total += tokenizeStructured(JSON.stringify(body.response_format.json_schema)).length;
  return total;
}
