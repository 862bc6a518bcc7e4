/**
 * "Extra body fields": JSON the user adds to a request body beyond what the form offers (`thinking`,
 * `return_last_frame`, `callback_url`, …). The spec does not show such fields, so
 * the gateway may ignore or refuse them; the app only makes sure they are a bounded JSON object
 * and never override what the form owns. Pure and free of zod on purpose: the window checks the
 * editor's text with the same rules main applies (main's zod schema is extra-body-schema.ts).
 */

export type ExtraBody = Record<string, unknown>;

/** The request bodies a form sends; each owns some keys of its body. */
export type ExtraEndpoint = 'chat' | 'images' | 'speech' | 'embeddings' | 'video' | 'judge';

/**
 * Keys each form sets itself (its fields, and what the client adds such as `stream`): extras
 * must not override them, or the form would show one thing and the wire carry another.
 */
/**
 * Chat fields the form gained after they could be typed as extras, in the order a saved record's
 * extras are lifted into its params (`top_logprobs` needs `logprobs` first, and `tool_choice`
 * and `parallel_tool_calls` need `tools`): src-shared/chat/params-from-extra.ts.
 */
export const LIFTED_CHAT_FIELDS = [
  'seed',
  'stop',
  'presence_penalty',
  'frequency_penalty',
  'reasoning_effort',
  'logprobs',
  'top_logprobs',
  'response_format',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
] as const;

export const RESERVED_KEYS: Record<ExtraEndpoint, readonly string[]> = {
  chat: [
    'model',
    'messages',
    'stream',
    'stream_options',
    'temperature',
    'top_p',
    'max_tokens',
    ...LIFTED_CHAT_FIELDS,
  ],
  images: ['model', 'prompt', 'n', 'size', 'response_format'],
  speech: ['model', 'input', 'voice', 'response_format', 'speed'],
  embeddings: ['model', 'input', 'dimensions', 'encoding_format'],
  video: ['model', 'content', 'ratio', 'duration', 'resolution', 'generate_audio'],
  // The judge endpoint refuses streaming (spec §4), so `stream` stays the form's (absent).
  judge: ['model', 'state', 'questions', 'stream'],
};

export const EXTRA_LIMITS = { maxKeys: 50, maxBytes: 32 * 1024, maxKeyLength: 64 } as const;

/** A key a request body would plausibly use; prototype names are refused so no merge can be tricked. */
const KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** What is wrong, as a code the window words through i18n; `describeExtraProblem` words it for main. */
export type ExtraProblem =
  | { rule: 'json'; detail: string }
  | { rule: 'not-object'; got: 'array' | 'null' | 'string' | 'number' | 'boolean' }
  | { rule: 'too-many-keys'; count: number }
  | { rule: 'too-large'; bytes: number }
  | { rule: 'key-name'; key: string }
  | { rule: 'reserved'; key: string };

export const EXTRA_RULES = {
  json: 'is not valid JSON',
  notObject: 'must be a JSON object such as {"seed": 42}',
  tooManyKeys: `may hold at most ${EXTRA_LIMITS.maxKeys} fields`,
  tooLarge: `must be at most ${EXTRA_LIMITS.maxBytes / 1024} KB as JSON`,
  keyName: `must be a plain field name (letters, digits, _ . -, at most ${EXTRA_LIMITS.maxKeyLength} characters)`,
  reserved: 'is set by the form — change it there',
} as const;

/** UTF-8 length without TextEncoder, which the shared layer's type library does not declare. */
function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

function kindOf(v: unknown): Extract<ExtraProblem, { rule: 'not-object' }>['got'] | 'object' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'object';
}

/** Every rule broken by an already-parsed value, in a stable order (shape, size, then per key). */
export function extraProblems(value: unknown, endpoint: ExtraEndpoint): ExtraProblem[] {
  const kind = kindOf(value);
  if (kind !== 'object') return [{ rule: 'not-object', got: kind }];
  const obj = value as ExtraBody;
  const keys = Object.keys(obj);
  const out: ExtraProblem[] = [];
  if (keys.length > EXTRA_LIMITS.maxKeys) out.push({ rule: 'too-many-keys', count: keys.length });
  const bytes = utf8Length(JSON.stringify(obj) ?? '');
  if (bytes > EXTRA_LIMITS.maxBytes) out.push({ rule: 'too-large', bytes });
  const reserved = RESERVED_KEYS[endpoint];
  for (const key of keys) {
    if (key.length > EXTRA_LIMITS.maxKeyLength || !KEY_PATTERN.test(key) || PROTOTYPE_KEYS.has(key))
      out.push({ rule: 'key-name', key });
    else if (reserved.includes(key)) out.push({ rule: 'reserved', key });
  }
  return out;
}

/** The field a problem belongs to, as the router names paths (`extra` or `extra.<key>`). */
export function extraProblemPath(p: ExtraProblem): string {
  return p.rule === 'key-name' || p.rule === 'reserved' ? `extra.${p.key}` : 'extra';
}

/** English words for one problem, without the path (main's messages; the window uses i18n). */
export function describeExtraProblem(p: ExtraProblem): string {
  switch (p.rule) {
    case 'json':
      return `${EXTRA_RULES.json}: ${p.detail}`;
    case 'not-object':
      return `${EXTRA_RULES.notObject}, not ${p.got === 'array' ? 'an array' : p.got}`;
    case 'too-many-keys':
      return `${EXTRA_RULES.tooManyKeys} (it has ${p.count})`;
    case 'too-large':
      return `${EXTRA_RULES.tooLarge} (it is ${Math.ceil(p.bytes / 1024)} KB)`;
    case 'key-name':
      return EXTRA_RULES.keyName;
    case 'reserved':
      return EXTRA_RULES.reserved;
  }
}

export type ExtraParse = { ok: true; value: ExtraBody | undefined } | { ok: false; problem: ExtraProblem };

/**
 * Reads the editor's text. Blank (or `{}`) means no extras; anything else must be a JSON object
 * that keeps every rule. Only the first problem is returned: the editor shows one at a time.
 */
export function parseExtraText(text: string, endpoint: ExtraEndpoint): ExtraParse {
  if (text.trim() === '') return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, problem: { rule: 'json', detail: err instanceof Error ? err.message : String(err) } };
  }
  const problems = extraProblems(value, endpoint);
  if (problems.length > 0) return { ok: false, problem: problems[0] };
  return { ok: true, value: Object.keys(value as ExtraBody).length > 0 ? (value as ExtraBody) : undefined };
}

/** The editor's text for saved extras (empty when there are none), for reopening a record. */
export function extraText(extra: ExtraBody | undefined): string {
  return extra && Object.keys(extra).length > 0 ? JSON.stringify(extra, null, 2) : '';
}

export class ExtraBodyError extends Error {
  constructor(readonly problem: ExtraProblem) {
    super(`${extraProblemPath(problem)}: ${describeExtraProblem(problem)}`);
    this.name = 'ExtraBodyError';
  }
}

/**
 * The body to send: the form's fields with the extras added after them. Extras never replace a
 * field: a reserved key, or any key the body already has, is refused (thrown), not overwritten.
 */
export function mergeExtraBody<T extends object>(
  endpoint: ExtraEndpoint,
  body: T,
  extra: ExtraBody | undefined,
): T & ExtraBody {
  if (!extra) return body as T & ExtraBody;
  const problems = extraProblems(extra, endpoint);
  const taken = Object.keys(extra).find((k) => Object.prototype.hasOwnProperty.call(body, k));
  if (problems.length > 0) throw new ExtraBodyError(problems[0]);
  if (taken !== undefined) throw new ExtraBodyError({ rule: 'reserved', key: taken });
  return { ...body, ...extra };
}
