import type { StoredMessage } from './conversation';
import { MAX_ALTERNATIVES } from './message-limits';

/**
 * A conversation is stored as the path shown (its messages); at any position the message may
 * carry the other versions of the rest of the conversation from there ("tails"): an edited
 * question, a regenerated reply. Switching a branch swaps the shown tail with one of the others;
 * nothing is deleted. Pure functions, shared by main (which stores) and the window (which shows).
 */
export type Tail = StoredMessage[];

export interface Branches {
  /** Every version at the position, in the order the user flips through them. */
  tails: Tail[];
  /** The one shown. */
  index: number;
}

/** A message without the branch fields that belong to its position, not to its text. */
export function withoutBranches(m: StoredMessage): StoredMessage {
  const { alternatives: _a, branchIndex: _b, ...rest } = m;
  return rest;
}

/** How many versions stand at this message's position (1 when it has no alternatives). */
export function branchCount(m: StoredMessage): number {
  return (m.alternatives?.length ?? 0) + 1;
}

/** The shown version's place among them, 0-based. */
export function branchPosition(m: StoredMessage): number {
  const others = m.alternatives?.length ?? 0;
  return Math.min(m.branchIndex ?? others, others);
}

/** Every version of the conversation from `position` on, the shown one among them. */
export function branchesAt(messages: StoredMessage[], position: number): Branches {
  const head = messages[position];
  if (!head) return { tails: [], index: 0 };
  const others = head.alternatives ?? [];
  const index = branchPosition(head);
  const shown = [withoutBranches(head), ...messages.slice(position + 1)];
  return { tails: [...others.slice(0, index), shown, ...others.slice(index)], index };
}

/** `prefix` followed by tail `index` of `tails`, the others kept on its first message. */
export function withBranches(prefix: StoredMessage[], tails: Tail[], index: number): StoredMessage[] {
  const chosen = tails[index];
  if (!chosen) return prefix;
  const others = tails.filter((_, i) => i !== index);
  const head: StoredMessage = others.length
    ? { ...withoutBranches(chosen[0]), alternatives: others, branchIndex: index }
    : withoutBranches(chosen[0]);
  return [...prefix, head, ...chosen.slice(1)];
}

/** Shows version `index` at `position`; the version shown until now is kept among the others. */
export function switchBranch(messages: StoredMessage[], position: number, index: number): StoredMessage[] {
  const { tails } = branchesAt(messages, position);
  if (index < 0 || index >= tails.length) return messages;
  return withBranches(messages.slice(0, position), tails, index);
}

/**
 * A version worth keeping to flip back to: not a lone reply that failed or stopped before saying
 * anything (its error is shown once, when it happens; as a version it is only noise).
 */
function worthKeeping(tail: Tail): boolean {
  return !(
    tail.length === 1 &&
    tail[0].role === 'assistant' &&
    !tail[0].content.trim() &&
    !tail[0].reasoning?.trim() &&
    !tail[0].refusal?.trim() &&
    !tail[0].toolCalls?.length
  );
}

/** The oldest versions give way when a position already holds as many as are kept. */
function capped(tails: Tail[]): Tail[] {
  return tails.slice(Math.max(0, tails.length - MAX_ALTERNATIVES - 1));
}

// A tool result is the same turn only when it answers the same call.
const sameTurn = (a: StoredMessage, b: StoredMessage) =>
  a.role === b.role && a.content === b.content && a.toolCallId === b.toolCallId;

export interface MergedHistory {
  /** The history to save and send: the stored messages up to where the user's differs, then theirs. */
  messages: StoredMessage[];
  /** Versions set aside for the reply to come (a Regenerate), to attach when it is saved. */
  pending?: { position: number; tails: Tail[] };
}

/**
 * Where a request's history departs from the stored one, the stored rest becomes a version kept
 * beside the new one: an edited question heads a new tail at once; a regenerated reply's
 * alternatives wait in `pending` for the reply. The stored messages before that point win over
 * the window's copies, so branches the window did not know of are never lost.
 */
export function mergeHistory(stored: StoredMessage[], requested: StoredMessage[]): MergedHistory {
  const shared = Math.min(stored.length, requested.length);
  let p = 0;
  while (p < shared && sameTurn(stored[p], requested[p])) p++;
  if (p >= stored.length) return { messages: [...stored, ...requested.slice(stored.length)] };
  const kept = branchesAt(stored, p).tails.filter(worthKeeping);
  const prefix = stored.slice(0, p);
  if (requested.length > p) {
    const fresh = requested.slice(p).map(withoutBranches);
    const tails = capped([...kept, fresh]);
    return { messages: withBranches(prefix, tails, tails.length - 1) };
  }
  return { messages: prefix, ...(kept.length ? { pending: { position: p, tails: kept } } : {}) };
}

/**
 * The saved reply at the position the versions were set aside for, the newest shown. A reply that
 * brings versions of its own (the other choices of `n` > 1) keeps them after it, and is shown.
 */
export function attachPending(reply: StoredMessage, pending: { tails: Tail[] }): StoredMessage {
  const own = branchesAt([reply], 0);
  const tails = capped([...pending.tails, ...own.tails]);
  return withBranches([], tails, tails.length - (own.tails.length - own.index))[0];
}
