import type { TokenLogprob } from './chat-logprobs';
import type { SandboxToolCall } from './chat-tools';
import type { Rng } from './seed';

export const DEFAULT_REPLY_TOKENS = 120;
export const LONG_REPLY_TOKENS = 2000;
export const MAX_REPLY_TOKENS = 50000;

export interface ChatReply {
  /** The pieces streamed one per chunk; `content` is exactly their concatenation. */
  tokens: string[];
  content: string;
  finishReason: 'stop' | 'length' | 'tool_calls';
  /** Set when the reply is tool calls (then `tokens` is empty and the message's content null). */
  toolCalls?: SandboxToolCall[];
  /** Stream the tool calls' fragments alternately (trigger `[sandbox:interleave]`). */
  interleaveToolCalls?: boolean;
  /** One per token, when `logprobs` was asked for. */
  logprobs?: TokenLogprob[];
}

// Sandbox "tokens" are word-ish pieces: a word plus the whitespace before it.
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

/** Tokens of JSON (or code): words and runs of punctuation, so `{"city":"Paris"}` is five pieces. */
export function tokenizeStructured(text: string): string[] {
  return text.match(/\s*(?:[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]+)/gu) ?? [];
}

/** Reply length asked for in the prompt ("write 20000 tokens", "a long reply"), else the default. */
export function requestedLength(prompt: string): { tokens: number; exact: boolean } {
  const n = /(\d[\d,_]*)\s*-?\s*tokens?\b/i.exec(prompt);
  if (n) {
    const value = Number(n[1].replace(/[,_]/g, ''));
    if (Number.isFinite(value) && value > 0)
      return { tokens: Math.min(value, MAX_REPLY_TOKENS), exact: true };
  }
  if (/\blong (reply|answer|response)\b/i.test(prompt)) return { tokens: LONG_REPLY_TOKENS, exact: false };
  return { tokens: DEFAULT_REPLY_TOKENS, exact: false };
}

const SENTENCES = [
  'This answer comes from the Sandbox gateway, a local stand-in that imitates the wire format.',
  'Nothing here was produced by a model; the words are picked by a seeded generator.',
  'The same request always yields the same reply, which keeps tests and screenshots stable.',
  'Streaming sends one small piece at a time, so the interface can show text as it arrives.',
  'Multi-byte text such as café, naïve, 你好 and 🚀 checks that UTF-8 survives every hop.',
  'A real gateway would bill tokens against the account balance; the sandbox only counts them.',
  'Latency, cut streams and malformed bodies can be simulated with the fault switches.',
  'Markdown rendering is exercised by the list and the fenced code block in this reply.',
  'Try changing the temperature or the prompt to get a different, but still repeatable, reply.',
  'Long replies are useful for checking scrolling, cancellation and memory use over time.',
  'The quick brown fox jumps over the lazy dog, once per paragraph at most.',
  'Grüße aus der Sandbox: ça marche, 谢谢, and 👍 all count as ordinary text.',
];

const BULLETS = [
  'Deterministic output for the same request',
  'Token-by-token streaming with a steady pace',
  'Multi-byte characters: café, 你好, 🎉',
  'Usage numbers that add up',
  "Errors in the gateway's JSON shape",
  'No network and no account needed',
];

export function paragraph(rng: Rng, sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(rng.pick(SENTENCES));
  return out.join(' ');
}

export function quote(prompt: string): string {
  const words = prompt.trim().split(/\s+/).filter(Boolean);
  const short = words.slice(0, 40).join(' ');
  return words.length > 40 ? `${short} …` : short || '(empty message)';
}

/**
 * A table, math or a task list when the question asks for one, so every kind of block a reply
 * can hold can be seen (and tested) against the Sandbox; other questions get none of them.
 */
function askedForBlocks(prompt: string, rng: Rng): string[] {
  const blocks: string[] = [];
  if (/\btables?\b/i.test(prompt))
    blocks.push(
      [
        '| option | where it lives | hit time |',
        '|---|---|---:|',
        `| in memory | the process | ${rng.int(1, 9)} µs |`,
        `| shared cache | a server nearby | ${rng.int(1, 9)} ms |`,
        `| CDN edge | close to the user | ${rng.int(10, 40)} ms |`,
      ].join('\n'),
    );
  if (/\b(math|formulas?|equations?)\b/i.test(prompt))
    blocks.push(
      `With hit rate $p = 0.${rng.int(50, 99)}$, the mean time is $\\bar{t} = p\\,t_h + (1 - p)\\,t_m$, and over \\(n\\) requests:`,
      '$$\n\\sum_{i=1}^{n} t_i \\approx n\\,\\bar{t}\n$$',
    );
  if (/\b(tasks?|to-?dos?|checklist)\b/i.test(prompt))
    blocks.push(
      ['- [x] Read the question', '- [x] Pick an answer', '- [ ] Check it against a real gateway'].join('\n'),
    );
  return blocks;
}

/**
 * Builds a plausible markdown reply that echoes the last user message and contains paragraphs,
 * a bullet list, a fenced code block and multi-byte characters.
 */
export function buildChatReply(
  input: {
    model: string;
    lastUserMessage: string;
    maxTokens?: number | null;
    /** Blocks placed right after the quote (what was attached, the reasoning effort). */
    extraBlocks?: readonly string[];
  },
  rng: Rng,
): ChatReply {
  const target = requestedLength(input.lastUserMessage);
  const blocks = [
    `**Sandbox reply** from \`${input.model}\`. You wrote:`,
    `> ${quote(input.lastUserMessage)}`,
    ...(input.extraBlocks ?? []),
    paragraph(rng, 2),
    ['Highlights:', ...[0, 1, 2].map(() => `- ${rng.pick(BULLETS)}`)].join('\n'),
    [
      '```ts',
      `const greeting = 'café, 你好, 👋';`,
      `const seed = 0x${rng.hex(8)};`,
      'console.log(greeting, seed);',
      '```',
    ].join('\n'),
    ...askedForBlocks(input.lastUserMessage, rng),
  ];
  let tokens = tokenize(blocks.join('\n\n'));
  let section = 1;
  while (tokens.length < target.tokens) {
    // Past the first screen, vary the structure so long replies still look like documents.
    const block =
      section % 6 === 0
        ? `### Part ${section / 6 + 1}\n\n${paragraph(rng, 3)}`
        : paragraph(rng, rng.int(2, 4));
    tokens.push(...tokenize(`\n\n${block}`));
    section++;
  }
  if (target.exact) tokens = tokens.slice(0, target.tokens);

  return limitReply(tokens, { maxTokens: input.maxTokens });
}

/**
 * Ends a reply as a model would: before the first `stop` sequence (finish_reason stop, the
 * sequence not included), else after `maxTokens` (finish_reason length).
 */
export function limitReply(
  tokens: string[],
  limits: { maxTokens?: number | null; stop?: readonly string[] },
): ChatReply {
  let finishReason: ChatReply['finishReason'] = 'stop';
  const text = tokens.join('');
  const cut = Math.min(
    ...(limits.stop ?? [])
      .filter((s) => s !== '')
      .map((s) => text.indexOf(s))
      .filter((i) => i >= 0),
  );
  if (Number.isFinite(cut)) {
    const kept: string[] = [];
    for (let i = 0, at = 0; i < tokens.length && at < cut; at += tokens[i].length, i++)
      kept.push(tokens[i].slice(0, cut - at));
    tokens = kept;
  }
  if (limits.maxTokens && tokens.length > limits.maxTokens) {
    tokens = tokens.slice(0, limits.maxTokens);
    finishReason = 'length';
  }
  return { tokens, content: tokens.join(''), finishReason };
}
