import { create } from 'zustand';
import type { ChatStreamEvent } from '../../../src-shared/chat/chat-events';
import type { StreamLost } from '../../../src-shared/ipc/define-stream';
import type { ChatParamsInput, Conversation, StoredMessage } from '../../../src-shared/chat/conversation';
import type { AppError } from '../../../src-shared/result';
import { extraText as textOfExtra, parseExtraText } from '../../../src-shared/request/extra-body';
import { extraBlockedError } from '../../app/extra-problem-text';
import { asAppError, call, closeStream, newStreamId, openStream } from '../../bridge/api';
import { variableNames } from '../../../src-shared/chat/prompt-variables';
import { appendLive, type LiveText } from './live-text';
import { addingFiles, readyFiles, useAttachmentDraft } from './attachment-draft';
import { dropPendingText, queueDelta, queueRetract, takePending } from './pending-deltas';
import {
  loadRest,
  onWhole,
  openById as openNewestFirst,
  savedWhilePartial,
  whole,
} from './open-newest-first';

export interface LiveReply {
  streamId: string;
  conversationId: string;
  text: string;
  /** The same text as the pieces each frame added (with a continued reply's text first). */
  chain?: LiveText;
  /** The model's thinking so far, shown apart from the answer. */
  reasoning: string;
  startedAt: number;
  /** When text or reasoning last arrived (or the start): the view counts the silence since. */
  lastAt: number;
  /** False until main has started the stream; Stop waits for it. */
  accepted: boolean;
  /** A reply cut at the token limit that this stream continues: shown before the new text. */
  continues?: StoredMessage;
}

export interface ChatState {
  /** The open conversation; a new chat gets its id (made here) when its first message is sent. */
  conversationId?: string;
  messages: StoredMessage[];
  model: string;
  system: string;
  params: ChatParamsInput;
  /** The extra-body-fields editor's text, as typed; parsed when a request is sent. */
  extraText: string;
  /** Values for the `{{name}}` placeholders of the system prompt and the messages. */
  variables: Record<string, string>;
  draft: string;
  /** Replies streaming now, by conversation: several at once, open or not. */
  live: Record<string, LiveReply>;
  error?: AppError;
  setDraft: (draft: string) => void;
  setModel: (model: string) => void;
  setSystem: (system: string) => void;
  setParams: (params: ChatParamsInput) => void;
  setExtraText: (text: string) => void;
  setVariable: (name: string, value: string) => void;
  clearError: () => void;
  newChat: () => void;
  /**
   * Shows `conversation` in one store update; `missing`: how many older messages it lacks (a
   * partial copy opened newest first, open-newest-first.ts), 0 or left out when it is whole.
   */
  open: (conversation: Conversation, missing?: number) => void;
  /**
   * Opens a saved conversation newest messages first (open-newest-first.ts): the last
   * FIRST_MESSAGES at once, the older ones when needed or once the window is idle. Until they
   * are joined, `partial` holds its id.
   */
  openById: (id: string) => Promise<void>;
  /** The open conversation shows only its newest messages: nothing may be sent or saved from it. */
  partial?: string;
  /** How many older messages the partial copy lacks: the list keys messages by their real position. */
  missing: number;
  /** Reads and joins the older messages of the open conversation if `id` is partly shown. */
  loadRest: (id: string) => Promise<void>;
  /**
   * Waits until the open conversation is whole; how far the partial copy's positions moved (0
   * if it was whole), or undefined when another conversation opened or the rest failed.
   */
  whole: () => Promise<number | undefined>;
  send: () => Promise<void>;
  /** A new reply in place of the one at `position` (the last by default); the old one is kept as a version. */
  regenerate: (position?: number) => Promise<void>;
  /** Sends `text` in place of the question at `position`; what followed it is kept as a version. */
  editAndResend: (position: number, text: string) => Promise<void>;
  /**
   * Answers the tool calls of the reply at `position` with one `tool` message each and asks for
   * the next reply; results sent before for it are kept as another version.
   */
  sendToolResults: (
    position: number,
    results: { toolCallId: string; toolName: string; content: string }[],
  ) => Promise<void>;
  /** Asks for the rest of the last reply, cut at the token limit, and adds it to that reply. */
  continueReply: () => Promise<void>;
  /** Shows another version at `position`. */
  switchBranch: (position: number, index: number) => Promise<void>;
  stop: () => void;
  forgetConversation: (id: string) => void;
  /** Main saved this conversation; an open one with no reply streaming is reloaded. */
  conversationSaved: (id: string) => Promise<void>;
}

/** Small plain values (a chat's parameters, its variables) compared by content. */
const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The open conversation's live reply, if one is streaming. */
export const openLive = (s: Pick<ChatState, 'conversationId' | 'live'>): LiveReply | undefined =>
  s.conversationId ? s.live[s.conversationId] : undefined;

function withoutLive(live: Record<string, LiveReply>, conversationId: string, streamId: string) {
  if (live[conversationId]?.streamId !== streamId) return live;
  const next = { ...live };
  delete next[conversationId];
  return next;
}

/** The reply is final (done, stopped or failed); it joins the history if its conversation is open. */
function finish(conversationId: string, streamId: string, message: StoredMessage): void {
  dropPendingText(streamId);
  useChat.setState((s) => {
    if (s.live[conversationId]?.streamId !== streamId) return {};
    return {
      live: withoutLive(s.live, conversationId, streamId),
      ...(s.conversationId === conversationId ? { messages: [...s.messages, message] } : {}),
    };
  });
}

/** What a live reply shows now, with what is still queued for the next frame. */
function keptSoFar(
  live: LiveReply | undefined,
  streamId: string,
): Pick<StoredMessage, 'content' | 'reasoning'> {
  const queued = takePending(streamId);
  const before = live?.continues;
  const reasoning = [before?.reasoning, (live?.reasoning ?? '') + queued.reasoning]
    .filter(Boolean)
    .join('\n\n');
  const content = (before?.content ?? '') + (queued.retract ? '' : (live?.text ?? '')) + queued.text;
  return { content, ...(reasoning ? { reasoning } : {}) };
}

function onStreamEvent(conversationId: string, streamId: string, event: ChatStreamEvent | StreamLost): void {
  if (event.type === 'delta') queueDelta(streamId, conversationId, event.text);
  else if (event.type === 'reasoning') queueDelta(streamId, conversationId, event.text, 'reasoning');
  else if (event.type === 'retract') queueRetract(streamId, conversationId);
  else if (event.type === 'lost') {
    // Nobody will send the rest: keep what arrived, marked with why it stopped there.
    const live = useChat.getState().live[conversationId];
    const kept = keptSoFar(live?.streamId === streamId ? live : undefined, streamId);
    finish(conversationId, streamId, { role: 'assistant', ...kept, error: event.error });
  }
  // Main saved the reply before it said so; a conversation opened later reads it from there.
  else finish(conversationId, streamId, event.message);
}

/**
 * The values of the placeholders the request uses, as a request field (none when it uses none):
 * values typed for other conversations are not sent or saved with this one.
 */
export function usedVariables(
  system: string,
  messages: readonly StoredMessage[],
  values: Record<string, string>,
): { variables?: Record<string, string> } {
  const names = variableNames([system, ...messages.filter((m) => m.role === 'user').map((m) => m.content)]);
  const used = names.filter((n) => Object.hasOwn(values, n));
  return used.length ? { variables: Object.fromEntries(used.map((n) => [n, values[n]])) } : {};
}

async function startStream(
  messages: StoredMessage[],
  restoreDraft: string,
  opts: { continueReply?: boolean } = {},
): Promise<boolean> {
  const s = useChat.getState();
  // A continuation shows the cut reply inside the live one, which grows from it.
  const continues = opts.continueReply ? messages[messages.length - 1] : undefined;
  const conversationId = s.conversationId ?? newStreamId();
  const streamId = newStreamId();
  const extra = parseExtraText(s.extraText, 'chat');
  if (!extra.ok) {
    useChat.setState({ error: extraBlockedError(extra.problem), draft: restoreDraft || s.draft });
    return false;
  }
  const live: LiveReply = {
    streamId,
    conversationId,
    text: '',
    ...(continues ? { chain: appendLive(undefined, continues.content) } : {}),
    reasoning: '',
    startedAt: Date.now(),
    lastAt: Date.now(),
    accepted: false,
    ...(continues ? { continues } : {}),
  };
  useChat.setState({
    conversationId,
    messages: continues ? messages.slice(0, -1) : messages,
    error: undefined,
    live: { ...s.live, [conversationId]: live },
  });
  try {
    await openStream(
      'chat.reply',
      {
        conversationId,
        model: s.model,
        system: s.system,
        params: s.params,
        extra: extra.value,
        ...usedVariables(s.system, messages, s.variables),
        messages,
        ...(continues ? { continueReply: true } : {}),
      },
      (event) => onStreamEvent(conversationId, streamId, event),
      streamId,
    );
    useChat.setState((now) =>
      now.live[conversationId]?.streamId === streamId
        ? { live: { ...now.live, [conversationId]: { ...now.live[conversationId], accepted: true } } }
        : {},
    );
    return true;
  } catch (err) {
    useChat.setState((now) => ({
      live: withoutLive(now.live, conversationId, streamId),
      // Nothing was sent: put the user's words back where they were, if that chat is still open.
      ...(now.conversationId === conversationId
        ? {
            conversationId: s.conversationId,
            messages: s.messages,
            draft: restoreDraft || now.draft,
            error: asAppError(err),
          }
        : {}),
    }));
    return false;
  }
}

export const useChat = create<ChatState>((set, get) => ({
  messages: [],
  model: '',
  system: '',
  params: {},
  extraText: '',
  variables: {},
  draft: '',
  live: {},
  missing: 0,
  setDraft: (draft) => set({ draft }),
  setModel: (model) => set({ model }),
  setSystem: (system) => set({ system }),
  setParams: (params) => set({ params }),
  setExtraText: (extraText) => set({ extraText }),
  setVariable: (name, value) => set((s) => ({ variables: { ...s.variables, [name]: value } })),
  clearError: () => set({ error: undefined }),
  // Opening or starting another chat never waits for a reply: it goes on in the background.
  newChat: () =>
    set({ conversationId: undefined, messages: [], error: undefined, partial: undefined, missing: 0 }),
  open: (c, missing = 0) => {
    const { params, variables } = get();
    // A conversation's own values win; values typed for names it does not use stay at hand.
    const merged = { ...variables, ...c.variables };
    // One update: every subscriber's selector runs once for the open, not once per field set.
    set({
      partial: missing > 0 ? c.id : undefined,
      missing: Math.max(0, missing),
      conversationId: c.id,
      messages: c.messages,
      model: c.model,
      system: c.system,
      // Kept as they are when the same, so the panels showing them do not re-render on opening
      // a conversation (docs/architecture.md, "The window").
      params: sameJson(params, c.params) ? params : c.params,
      extraText: textOfExtra(c.extra),
      variables: sameJson(variables, merged) ? variables : merged,
      error: undefined,
    });
  },
  openById: (id) => openNewestFirst(get, set, id),
  loadRest: (id) => loadRest(get, set, id),
  whole: () => whole(get, set),
  // Each of these first has the older messages of a conversation opened newest first read and
  // joined (at once when it is whole); a position from the copy shown then moves by `moved`.
  send: () =>
    onWhole(get, set, async () => {
      const { draft, messages, model } = get();
      const text = draft.trim();
      const files = useAttachmentDraft.getState();
      // A question may be only files; a file still being added holds the send back.
      if ((!text && !readyFiles(files)) || addingFiles(files) || openLive(get())) return;
      if (!model.trim()) {
        set({ error: { code: 'invalid_input', message: 'model: is required — pick or type a model first' } });
        return;
      }
      set({ draft: '' });
      const attachments = files.take();
      const question: StoredMessage = {
        role: 'user',
        content: text,
        ...(attachments.length ? { attachments } : {}),
      };
      if (!(await startStream([...messages, question], draft)))
        useAttachmentDraft.getState().restore(attachments);
    }),
  regenerate: (shown) =>
    onWhole(get, set, async (moved) => {
      const { messages } = get();
      if (openLive(get())) return;
      const upTo = shown === undefined ? messages.length : shown + moved;
      // The reply answered the last question, or the tool results after a reply that called tools.
      const asked = messages
        .slice(0, upTo)
        .map((m) => m.role)
        .findLastIndex((role) => role !== 'assistant');
      if (asked === -1) return;
      await startStream(messages.slice(0, asked + 1), '');
    }),
  editAndResend: (shown, text) =>
    onWhole(get, set, async (moved) => {
      const position = shown + moved;
      const { messages } = get();
      const asked = messages[position];
      if (openLive(get()) || asked?.role !== 'user' || !(text.trim() || asked.attachments?.length)) return;
      // The question's files go with its edited words.
      const { attachments } = asked;
      await startStream(
        [
          ...messages.slice(0, position),
          { role: 'user', content: text.trim(), ...(attachments ? { attachments } : {}) },
        ],
        '',
      );
    }),
  sendToolResults: (shown, results) =>
    onWhole(get, set, async (moved) => {
      const position = shown + moved;
      const { messages } = get();
      const head = messages[position];
      if (openLive(get()) || head?.role !== 'assistant' || !head.toolCalls?.length || !results.length) return;
      const answers: StoredMessage[] = results.map((r) => ({
        role: 'tool',
        content: r.content,
        toolCallId: r.toolCallId,
        toolName: r.toolName,
      }));
      await startStream([...messages.slice(0, position + 1), ...answers], '');
    }),
  continueReply: () =>
    onWhole(get, set, async () => {
      const { messages } = get();
      const last = messages[messages.length - 1];
      if (openLive(get()) || last?.role !== 'assistant' || !last.content.trim()) return;
      await startStream(messages, '', { continueReply: true });
    }),
  switchBranch: (shown, index) =>
    onWhole(get, set, async (moved) => {
      const { conversationId } = get();
      if (!conversationId || openLive(get())) return;
      const position = shown + moved;
      try {
        const c = await call('chat.conversations.switchBranch', { id: conversationId, position, index });
        if (get().conversationId === conversationId && !openLive(get())) set({ messages: c.messages });
      } catch (err) {
        set({ error: asAppError(err) });
      }
    }),
  stop: () => {
    const live = openLive(get());
    if (!live?.accepted) return;
    // Unsubscribing is stopping: main aborts the fetch and saves the partial reply, which the
    // reload after its save brings in (with its statistics); until then the text shown is kept.
    closeStream(live.streamId);
    const kept = keptSoFar(live, live.streamId);
    finish(live.conversationId, live.streamId, { role: 'assistant', ...kept, stopped: true });
  },
  forgetConversation: (id) => {
    const live = get().live[id];
    if (live) {
      closeStream(live.streamId);
      dropPendingText(live.streamId);
      set((s) => ({ live: withoutLive(s.live, id, live.streamId) }));
    }
    if (get().conversationId === id) set({ conversationId: undefined, messages: [] });
  },
  conversationSaved: async (id) => {
    // Shown partly: its older messages, when read, are read with this save.
    if (savedWhilePartial(get, id)) return;
    const idle = () => get().conversationId === id && !get().live[id];
    if (!idle()) return;
    const c = await call('chat.conversations.get', { id }).catch(() => undefined);
    if (c && idle()) set({ messages: c.messages });
  },
}));
