import { create } from 'zustand';
import type { ChatParamsInput, Conversation, StoredMessage } from '../../../src-shared/chat/conversation';
import type { AppError } from '../../../src-shared/result';
import { asAppError, call } from '../../bridge/api';

export interface LiveReply {
  requestId: string;
  conversationId: string;
  text: string;
  startedAt: number;
  stopping: boolean;
}

interface ChatState {
  conversationId?: string;
  messages: StoredMessage[];
  model: string;
  system: string;
  params: ChatParamsInput;
  draft: string;
  live?: LiveReply;
  /** Between pressing Send and main's answer: a second send must not start a second stream. */
  starting: boolean;
  error?: AppError;
  setDraft: (draft: string) => void;
  setModel: (model: string) => void;
  setSystem: (system: string) => void;
  setParams: (params: ChatParamsInput) => void;
  clearError: () => void;
  newChat: () => void;
  open: (conversation: Conversation) => void;
  send: () => Promise<void>;
  regenerate: () => Promise<void>;
  stop: () => Promise<void>;
  forgetConversation: (id: string) => void;
}

// Deltas are gathered here and applied once per animation frame, so a fast stream causes one
// render per frame, not one per token.
let pendingText = '';
let frame: number | undefined;

function flushPending(): void {
  frame = undefined;
  if (!pendingText) return;
  const text = pendingText;
  pendingText = '';
  useChat.setState((s) => (s.live ? { live: { ...s.live, text: s.live.text + text } } : {}));
}

async function startStream(messages: StoredMessage[], restoreDraft: string): Promise<void> {
  const s = useChat.getState();
  useChat.setState({ messages, error: undefined, starting: true });
  try {
    const started = await call('chat.stream.start', {
      conversationId: s.conversationId,
      model: s.model,
      system: s.system,
      params: s.params,
      messages,
    });
    useChat.setState({
      conversationId: started.conversationId,
      live: { ...started, text: '', startedAt: Date.now(), stopping: false },
      starting: false,
    });
  } catch (err) {
    // Nothing was sent: put the user's words back where they were.
    useChat.setState({
      starting: false,
      messages: s.messages,
      draft: restoreDraft || useChat.getState().draft,
      error: asAppError(err),
    });
  }
}

export const useChat = create<ChatState>((set, get) => ({
  messages: [],
  starting: false,
  model: '',
  system: '',
  params: {},
  draft: '',
  setDraft: (draft) => set({ draft }),
  setModel: (model) => set({ model }),
  setSystem: (system) => set({ system }),
  setParams: (params) => set({ params }),
  clearError: () => set({ error: undefined }),
  newChat: () => {
    if (get().live || get().starting) return;
    set({ conversationId: undefined, messages: [], error: undefined });
  },
  open: (c) => {
    if (get().live || get().starting) return;
    set({
      conversationId: c.id,
      messages: c.messages,
      model: c.model,
      system: c.system,
      params: c.params,
      error: undefined,
    });
  },
  send: async () => {
    const { draft, live, starting, messages, model } = get();
    const text = draft.trim();
    if (!text || live || starting) return;
    if (!model.trim()) {
      set({ error: { code: 'invalid_input', message: 'model: is required — pick or type a model first' } });
      return;
    }
    set({ draft: '' });
    await startStream([...messages, { role: 'user', content: text }], draft);
  },
  regenerate: async () => {
    const { live, starting, messages } = get();
    if (live || starting) return;
    const lastUser = messages.map((m) => m.role).lastIndexOf('user');
    if (lastUser === -1) return;
    await startStream(messages.slice(0, lastUser + 1), '');
  },
  stop: async () => {
    const live = get().live;
    if (!live || live.stopping) return;
    set({ live: { ...live, stopping: true } });
    await call('chat.stream.abort', { requestId: live.requestId }).catch(() => undefined);
  },
  forgetConversation: (id) => {
    if (get().conversationId === id && !get().live) set({ conversationId: undefined, messages: [] });
  },
}));

export function onDelta(requestId: string, text: string): void {
  if (useChat.getState().live?.requestId !== requestId) return;
  pendingText += text;
  frame ??= requestAnimationFrame(flushPending);
}

/** The reply is final (done, stopped or failed); main has already saved it. */
export function onFinished(requestId: string, message: StoredMessage): void {
  const s = useChat.getState();
  if (s.live?.requestId !== requestId) return;
  if (frame !== undefined) cancelAnimationFrame(frame);
  frame = undefined;
  pendingText = '';
  useChat.setState({ live: undefined, messages: [...s.messages, message] });
}
