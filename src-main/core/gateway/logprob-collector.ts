import {
  MAX_LOGPROB_ALTERNATIVES,
  MAX_LOGPROB_TOKENS,
  MAX_TOKEN_CHARS,
  type MessageLogprobs,
  type TokenLogprob,
} from '../../../src-shared/chat/logprobs';

type Rec = Record<string, unknown>;
const asRecord = (v: unknown): Rec | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined;

/** A log probability as kept: a finite number, 0 at most (rounding can make one a hair above). */
function logprobOf(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(0, v) : undefined;
}

/**
 * One choice's token probabilities, from each chunk's `choices[].logprobs.content[]` (or a whole
 * completion's): `{token, logprob, bytes, top_logprobs: [{token, logprob}]}` per token. Bounded
 * (src-shared/chat/logprobs.ts): past the limits tokens or alternatives are dropped and `cut`
 * says so; `bytes` is not kept, the token's text is.
 */
export class LogprobCollector {
  private readonly tokens: TokenLogprob[] = [];
  private alternatives = 0;
  private cut = false;

  read(logprobs: unknown): void {
    const content = asRecord(logprobs)?.content;
    if (!Array.isArray(content)) return;
    for (const raw of content) {
      const item = asRecord(raw);
      const logprob = logprobOf(item?.logprob);
      if (!item || typeof item.token !== 'string' || logprob === undefined) continue;
      if (this.tokens.length >= MAX_LOGPROB_TOKENS) {
        this.cut = true;
        return;
      }
      const top = (Array.isArray(item.top_logprobs) ? item.top_logprobs : []).flatMap((alt) => {
        const a = asRecord(alt);
        const p = logprobOf(a?.logprob);
        return a && typeof a.token === 'string' && p !== undefined
          ? [{ token: a.token.slice(0, MAX_TOKEN_CHARS), logprob: p }]
          : [];
      });
      this.add({ token: item.token, logprob, top });
    }
  }

  /** Kept tokens (another reply's, a continuation's) added after these, within the same limits. */
  addKept(logprobs: MessageLogprobs): void {
    if (logprobs.cut) this.cut = true;
    for (const t of logprobs.tokens) {
      if (this.tokens.length >= MAX_LOGPROB_TOKENS) {
        this.cut = true;
        return;
      }
      this.add({ token: t.token, logprob: t.logprob, top: t.top ?? [] });
    }
  }

  private add(t: { token: string; logprob: number; top: { token: string; logprob: number }[] }): void {
    const kept = t.top.slice(0, 20);
    if (kept.length < t.top.length) this.cut = true;
    const room = this.alternatives + kept.length <= MAX_LOGPROB_ALTERNATIVES;
    if (!room && kept.length) this.cut = true;
    if (room) this.alternatives += kept.length;
    this.tokens.push({
      token: t.token.slice(0, MAX_TOKEN_CHARS),
      logprob: t.logprob,
      ...(room && kept.length ? { top: kept } : {}),
    });
  }

  /** What was kept; undefined when the stream carried none. */
  get result(): MessageLogprobs | undefined {
    if (!this.tokens.length) return undefined;
    return { tokens: this.tokens, ...(this.cut ? { cut: true } : {}) };
  }
}

/**
 * The token probabilities of a cut reply and of its continuation, as one reply's: in order, within
 * the limits. Only the cut reply's when the continuation brought none (marked cut: its end is
 * missing); none when the cut reply had none, since the heat view would show only the reply's end.
 */
export function joinLogprobs(
  cut: MessageLogprobs | undefined,
  more: MessageLogprobs | undefined,
): MessageLogprobs | undefined {
  if (!cut) return undefined;
  if (!more) return { ...cut, cut: true };
  const c = new LogprobCollector();
  c.addKept(cut);
  c.addKept(more);
  return c.result;
}
