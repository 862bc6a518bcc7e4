import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { asAppError, call } from '../../bridge/api';
import type { ChatState } from './chat-store';

/**
 * Opening a saved conversation newest messages first (docs/architecture.md, "The window"): the
 * window shows the last FIRST_MESSAGES at once and reads the older ones only when something needs
 * them — the user scrolls toward them, asks to send, edit, regenerate, continue, answer tools,
 * switch a version or compare — or once the window has been idle a while after the open. Until
 * they are joined, nothing is sent or saved: every such action first waits for `whole`.
 */

/** How many of a conversation's newest messages are shown before the rest: a screenful or more. */
export const FIRST_MESSAGES = 40;
/**
 * Fewer, when the newest FIRST_LEAST or more already hold this many characters: at 100 or so a
 * line of 22 px (message-window.ts) that is over 3,000 px, more than the list mounts at the end of
 * a tall window, so the head of a conversation of long replies crosses the bridge at a third of
 * the size (the bench's: 16 messages, 20 KB, not 40 and 60 KB).
 */
export const FIRST_CHARS = 20_000;
/** Enough that the messages mounted at the end are not among the first the list reads the rest for. */
export const FIRST_LEAST = 12;
/** The rest is read when the window is idle this long after the open, unless asked for before. */
export const REST_AFTER_MS = 1_000;

type Get = () => ChatState;
type Set = (partial: Partial<ChatState>) => void;

/** Per partly open conversation: how many messages it had and its newest, as the head read them. */
const heads = new Map<string, { total: number; newest: StoredMessage[] }>();
/** The one read of a conversation's older messages under way, shared by all who wait for it. */
const reading = new Map<string, Promise<void>>();
/** Partly open conversations main saved since their head was read: their rest is read whole. */
const savedSince = new Set<string>();
/** Counts opens: an idle-time read scheduled by an earlier open of the same conversation is dropped. */
let opens = 0;

/** The open conversation shows only its newest messages. */
export const isPartial = (s: Pick<ChatState, 'conversationId' | 'partial'>) =>
  s.partial !== undefined && s.partial === s.conversationId;

export async function openById(get: Get, set: Set, id: string): Promise<void> {
  // One conversation at most is partly open: what was kept for another is let go, and so is its
  // wait for idleness, which would only wake the window to find it is not wanted.
  heads.clear();
  savedSince.clear();
  stopSettling();
  const open = ++opens;
  try {
    const head = await call('chat.conversations.head', {
      id,
      last: FIRST_MESSAGES,
      chars: FIRST_CHARS,
      least: FIRST_LEAST,
    });
    const newest = head.conversation.messages;
    const missing = head.total - newest.length;
    if (missing > 0) heads.set(id, { total: head.total, newest });
    savedSince.delete(id);
    // Shown with its partial state in one store update (the list keys its messages by position).
    get().open(head.conversation, missing);
    if (missing <= 0) return;
    afterSettling(() => {
      if (open === opens) void loadRest(get, set, id);
    });
  } catch (err) {
    set({ error: asAppError(err) });
  }
}

/**
 * Reads and joins the older messages of conversation `id` if it is open and partial; resolves
 * when they are joined (or cannot be: then the error is shown and the copy stays partial).
 */
export function loadRest(get: Get, set: Set, id: string): Promise<void> {
  if (get().partial !== id) return Promise.resolve();
  let read = reading.get(id);
  if (!read) {
    read = join(get, set, id).finally(() => reading.delete(id));
    reading.set(id, read);
  }
  return read;
}

async function join(get: Get, set: Set, id: string): Promise<void> {
  const head = heads.get(id);
  if (!head) return;
  try {
    // Only the older messages cross the bridge; should the conversation have changed since the
    // head was read (a reply saved, a version switched elsewhere), the whole one is read instead.
    const older = await call('chat.conversations.messages', {
      id,
      from: 0,
      to: head.total - head.newest.length,
    });
    const messages =
      older.total === head.total && !savedSince.has(id)
        ? [...older.messages, ...head.newest]
        : (await call('chat.conversations.get', { id })).messages;
    // Another conversation opened meanwhile keeps its own messages.
    if (get().partial !== id) return;
    heads.delete(id);
    savedSince.delete(id);
    set({ messages, partial: undefined, missing: 0 });
  } catch (err) {
    set({ error: asAppError(err) });
  }
}

/**
 * Before anything is sent or saved from the open conversation: its older messages, read if they
 * are not here yet. Resolves to how far positions in the copy shown before moved (0 when it was
 * whole), or undefined when it cannot go on: another conversation opened meanwhile, or the rest
 * could not be read.
 */
export async function whole(get: Get, set: Set): Promise<number | undefined> {
  const s = get();
  if (!isPartial(s)) return 0;
  const { conversationId, missing } = s;
  await loadRest(get, set, conversationId!);
  const now = get();
  return now.conversationId === conversationId && !isPartial(now) ? missing : undefined;
}

/**
 * Runs `act` on the whole open conversation: at once when it is whole (`moved` 0), else once its
 * older messages are joined, `moved` being how far the shown copy's positions moved; not at all
 * when it cannot be made whole.
 */
export function onWhole(get: Get, set: Set, act: (moved: number) => Promise<void>): Promise<void> {
  if (!isPartial(get())) return act(0);
  return whole(get, set).then((moved) => (moved === undefined ? undefined : act(moved)));
}

/** Main saved a conversation: if it is shown partly, its rest will be read whole. */
export function savedWhilePartial(get: Get, id: string): boolean {
  if (get().partial !== id) return false;
  savedSince.add(id);
  return true;
}

/** The wait of the latest open for idleness: its timer, then its idle callback. */
let settling: { timer?: ReturnType<typeof setTimeout>; idle?: number } = {};

/** After the open has been shown and the window has had a moment of idleness. */
function afterSettling(run: () => void): void {
  const wait: typeof settling = {};
  wait.timer = setTimeout(() => {
    wait.timer = undefined;
    if (typeof requestIdleCallback === 'function') wait.idle = requestIdleCallback(run, { timeout: 2_000 });
    else run();
  }, REST_AFTER_MS);
  settling = wait;
}

function stopSettling(): void {
  if (settling.timer !== undefined) clearTimeout(settling.timer);
  if (settling.idle !== undefined) cancelIdleCallback(settling.idle);
  settling = {};
}
