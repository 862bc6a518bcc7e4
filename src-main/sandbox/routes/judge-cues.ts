/**
 * What the Sandbox judge reads in a state (docs/architecture.md, "The Sandbox judge"): a handful of
 * surface cues in the reply — courtesy, rudeness, money back, a question to the customer, a fix
 * done or only begun — each counted and turned into a strength between 0 and 1. Only the state's
 * text is read: a request carries no labels, and nothing here could see them.
 */

/** The cues a judge version reads; `judge-preview` reads fewer (see `JUDGE_VERSIONS`). */
export type CueBlindness = 'apologies' | 'credits';

export interface StateFeatures {
  /** Thanks, apologies, greetings and offers to help. */
  warm: number;
  /** Blame, impatience, refusing further help. */
  rude: number;
  /** A refund, credit or money back offered. */
  money: number;
  /** A question put to the customer. */
  asks: number;
  /** The problem fixed, or exactly what was done to fix it. */
  done: number;
  /** Progress: passed on, checked, being worked on. */
  partial: number;
  /** The reply deals with the problem at all (a fix done or begun). */
  engaged: number;
}

const APOLOGY = /\b(sorry|apolog\w*)\b/g;
const COURTESY =
  /\b(thank\w*|dear|happy to help|please let me know|lovely day|your patience|appreciate\w*)\b/g;
const RUDE =
  /\b(should have|already explain\w*|all the time|nothing more|do not open another|not our (fault|problem)|obviously|stop (asking|contacting))\b/g;
const REFUND = /\b(refund\w*|money back|reimburs\w*|compensat\w*)\b/g;
const CREDIT = /\b(credit|credited|voucher)\b/g;
const ASKS =
  /\?|\b(could|can|would) you (send|tell|confirm|share|provide|check)\b|\bplease (send|tell|confirm|provide)\b/g;
const DONE =
  /\b(fixed|corrected|reversed|resolved|solves|solved|replacement|released a fix|out for delivery|will reach you|ships today|just now|by express|will show on)\b/g;
const PARTIAL =
  /\b(passed (it|them|this) to|asked the|opened a|working on|looking into|may be|next week|again|know about|checked|to check|escalated)\b/g;

const count = (text: string, cue: RegExp) => text.match(cue)?.length ?? 0;
/** 0 hits → 0, then each further hit adds less: 1 − e^(−hits/scale). */
const strength = (hits: number, scale: number) => 1 - Math.exp(-hits / scale);

const REPLY_KEY = /reply|response|answer|agent|assistant|output/i;

/**
 * The reply to judge: a JSON state's reply-like field (`agent_reply`, `response`, …), the text
 * after an `Agent:` / `Assistant:` line, else the whole state. Cues like "?" or "sorry" belong to
 * the reply, not to the customer's message it answers.
 */
export function replyOf(stateText: string): { reply: string; rest: string } {
  try {
    const parsed: unknown = JSON.parse(stateText);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const entries = Object.entries(parsed as Record<string, unknown>);
      const hit = entries.find(([k, v]) => REPLY_KEY.test(k) && typeof v === 'string');
      if (hit) return { reply: hit[1] as string, rest: JSON.stringify(entries.filter((e) => e !== hit)) };
    }
  } catch {
    // Plain text: look for a speaker line below.
  }
  const m = /(?:^|\n)\s*(?:agent|assistant|support|reply)\s*:\s*/i.exec(stateText);
  if (m) return { reply: stateText.slice(m.index + m[0].length), rest: stateText.slice(0, m.index) };
  return { reply: stateText, rest: '' };
}

export function stateFeatures(stateText: string, blind: readonly CueBlindness[] = []): StateFeatures {
  const reply = replyOf(stateText).reply.toLowerCase();
  const apologies = blind.includes('apologies') ? 0 : count(reply, APOLOGY);
  const credits = blind.includes('credits') ? 0 : count(reply, CREDIT);
  const done = strength(count(reply, DONE), 0.8);
  const partial = strength(count(reply, PARTIAL), 0.8);
  return {
    warm: strength(apologies + count(reply, COURTESY), 1.5),
    rude: strength(count(reply, RUDE), 0.8),
    money: strength(count(reply, REFUND) + credits, 0.6),
    asks: strength(count(reply, ASKS), 0.7),
    done,
    partial,
    engaged: Math.max(done, partial),
  };
}

/**
 * How helpful a reply reads, as a position on a 0..1 scale: resolution first (a fix done, else a
 * fix begun), then courtesy, rudeness, money back when the fix is not done, and a question when
 * the reply does nothing else.
 */
export function helpfulness(f: StateFeatures): number {
  const resolution = 0.75 * f.done + 0.5 * f.partial * (1 - f.done);
  const extra =
    0.25 * f.warm * f.engaged -
    0.25 * f.rude +
    0.25 * f.money * (1 - f.done) +
    0.25 * f.asks * (1 - f.engaged);
  return Math.min(1, Math.max(0, resolution + extra));
}
