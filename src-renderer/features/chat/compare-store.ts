import { create } from 'zustand';
import type { ChatStreamEvent } from '../../../src-shared/chat/chat-events';
import { COMPARE_COLUMNS_MAX, COMPARE_COLUMNS_MIN } from '../../../src-shared/chat/compare-limits';
import type { ChatParamsInput, StoredMessage } from '../../../src-shared/chat/conversation';
import type { StreamLost } from '../../../src-shared/ipc/define-stream';
import type { AppError } from '../../../src-shared/result';
import { type ExtraBody, parseExtraText } from '../../../src-shared/request/extra-body';
import { extraBlockedError } from '../../app/extra-problem-text';
import { asAppError, call, closeStream, newStreamId, openStream } from '../../bridge/api';
import { t } from '../../i18n/i18n';
import { usedVariables, useChat } from './chat-store';
import { addingFiles, readyFiles, useAttachmentDraft } from './attachment-draft';

/** One model in a side-by-side comparison, and the reply it is writing or wrote. */
export interface CompareColumn {
  key: string;
  /** Empty until the profiles list has loaded: then the active profile. */
  profileId: string;
  model: string;
  streamId?: string;
  text: string;
  reasoning: string;
  startedAt?: number;
  /** The reply as it ended (done, stopped or failed), with its statistics. */
  result?: StoredMessage;
  error?: AppError;
}

/**
 * The request every column was sent, as it stood at Send: a Retry re-sends exactly this, and
 * "Continue with this" keeps it, even if the form changed since.
 */
export interface CompareRequest {
  system: string;
  params: ChatParamsInput;
  extra?: ExtraBody;
  variables?: Record<string, string>;
  /** The history every column was sent (the open conversation's, then the prompt). */
  messages: StoredMessage[];
}

interface CompareState {
  /** Whether the Chat tab shows the comparison instead of the conversation. */
  active: boolean;
  prompt: string;
  columns: CompareColumn[];
  /** What every column was sent, from Send until a column is kept. */
  request?: CompareRequest;
  /** The conversation the comparison continues, if one was open when it was sent. */
  conversationId?: string;
  error?: AppError;
  setActive: (active: boolean) => void;
  setPrompt: (prompt: string) => void;
  addColumn: (profileId: string, model: string) => void;
  removeColumn: (key: string) => void;
  setColumn: (key: string, patch: Partial<Pick<CompareColumn, 'profileId' | 'model'>>) => void;
  send: () => Promise<void>;
  stop: (key: string) => void;
  /** Sends the same request again in one column (after a 429 or any failure), the others kept. */
  retry: (key: string) => Promise<void>;
  stopAll: () => void;
  /** Makes the column the conversation's next turn and opens that conversation. */
  keep: (key: string) => Promise<void>;
  clearError: () => void;
}

let nextKey = 0;
const newColumn = (profileId = '', model = ''): CompareColumn => ({
  key: `col-${++nextKey}`,
  profileId,
  model,
  text: '',
  reasoning: '',
});

export const isStreaming = (c: CompareColumn) => c.streamId !== undefined && !c.result;

function update(key: string, streamId: string, patch: (c: CompareColumn) => Partial<CompareColumn>): void {
  useCompare.setState((s) => ({
    columns: s.columns.map((c) => (c.key === key && c.streamId === streamId ? { ...c, ...patch(c) } : c)),
  }));
}

function onEvent(key: string, streamId: string, event: ChatStreamEvent | StreamLost): void {
  if (event.type === 'delta') update(key, streamId, (c) => ({ text: c.text + event.text }));
  else if (event.type === 'reasoning')
    update(key, streamId, (c) => ({ reasoning: c.reasoning + event.text }));
  else if (event.type === 'retract') update(key, streamId, () => ({ text: '' }));
  else if (event.type === 'lost') {
    update(key, streamId, (c) => ({
      result: {
        role: 'assistant',
        content: c.text,
        ...(c.reasoning ? { reasoning: c.reasoning } : {}),
        error: event.error,
      },
    }));
  } else update(key, streamId, () => ({ result: event.message }));
}

/** A column as it starts a new reply: its profile and model, a fresh stream, nothing shown yet. */
function restarted(c: CompareColumn): CompareColumn {
  return { ...newColumn(c.profileId, c.model), key: c.key, streamId: newStreamId(), startedAt: Date.now() };
}

/** Streams `request` into column `c` (already restarted); a column that cannot start says why. */
async function startColumn(c: CompareColumn, request: CompareRequest): Promise<void> {
  const streamId = c.streamId!;
  try {
    await openStream(
      'chat.compare',
      {
        ...(c.profileId ? { profileId: c.profileId } : {}),
        model: c.model,
        system: request.system,
        params: request.params,
        ...(request.extra ? { extra: request.extra } : {}),
        ...(request.variables ? { variables: request.variables } : {}),
        messages: request.messages,
      },
      (event) => onEvent(c.key, streamId, event),
      streamId,
    );
  } catch (err) {
    // This column never started (a profile without a key, a bad field): it says why.
    const error = asAppError(err);
    update(c.key, streamId, () => ({ error, result: { role: 'assistant', content: '', error } }));
  }
}

/** What a stopped column keeps: the text it showed, marked as stopped. */
function stoppedResult(c: CompareColumn): StoredMessage {
  return {
    role: 'assistant',
    content: c.text,
    ...(c.reasoning ? { reasoning: c.reasoning } : {}),
    stopped: true,
  };
}

export const useCompare = create<CompareState>((set, get) => ({
  active: false,
  prompt: '',
  columns: [newColumn(), newColumn()],
  setActive: (active) => set({ active }),
  setPrompt: (prompt) => set({ prompt }),
  addColumn: (profileId, model) =>
    set((s) =>
      s.columns.length >= COMPARE_COLUMNS_MAX ? {} : { columns: [...s.columns, newColumn(profileId, model)] },
    ),
  removeColumn: (key) => {
    const c = get().columns.find((x) => x.key === key);
    if (!c || get().columns.length <= COMPARE_COLUMNS_MIN) return;
    if (c.streamId && isStreaming(c)) closeStream(c.streamId);
    set((s) => ({ columns: s.columns.filter((x) => x.key !== key) }));
  },
  setColumn: (key, patch) =>
    set((s) => ({ columns: s.columns.map((c) => (c.key === key ? { ...c, ...patch } : c)) })),
  clearError: () => set({ error: undefined }),
  send: async () => {
    const { prompt, columns } = get();
    const text = prompt.trim();
    const files = useAttachmentDraft.getState();
    if ((!text && !readyFiles(files)) || addingFiles(files) || columns.some(isStreaming)) return;
    const blank = columns.findIndex((c) => !c.model.trim());
    if (blank !== -1) {
      set({
        error: {
          code: 'invalid_input',
          message: t('compare.modelRequired', { n: blank + 1 }),
        },
      });
      return;
    }
    // A conversation opened newest first is continued whole: its older messages are read first.
    if (useChat.getState().partial && (await useChat.getState().whole()) === undefined) return;
    const chat = useChat.getState();
    const extra = parseExtraText(chat.extraText, 'chat');
    if (!extra.ok) {
      set({ error: extraBlockedError(extra.problem) });
      return;
    }
    // A comparison continues the open conversation, if there is one, as it is shown now.
    // The files on the composer go to every column with the prompt.
    const attachments = files.take();
    const messages: StoredMessage[] = [
      ...chat.messages,
      { role: 'user', content: text, ...(attachments.length ? { attachments } : {}) },
    ];
    const request: CompareRequest = {
      system: chat.system,
      params: chat.params,
      ...(extra.value ? { extra: extra.value } : {}),
      ...usedVariables(chat.system, messages, chat.variables),
      messages,
    };
    const started = columns.map(restarted);
    set({ columns: started, request, conversationId: chat.conversationId, prompt: '', error: undefined });
    await Promise.all(started.map((c) => startColumn(c, request)));
  },
  retry: async (key) => {
    const { columns, request } = get();
    const c = columns.find((x) => x.key === key);
    if (!c || !request || isStreaming(c) || !c.model.trim()) return;
    const again = restarted(c);
    set((s) => ({ columns: s.columns.map((x) => (x.key === key ? again : x)) }));
    await startColumn(again, request);
  },
  stop: (key) => {
    const c = get().columns.find((x) => x.key === key);
    if (!c?.streamId || !isStreaming(c)) return;
    closeStream(c.streamId);
    update(key, c.streamId, (col) => ({ result: stoppedResult(col) }));
  },
  stopAll: () => {
    for (const c of get().columns) get().stop(c.key);
  },
  keep: async (key) => {
    const { columns, request, conversationId } = get();
    const chosen = columns.find((c) => c.key === key);
    if (!chosen?.result || !request || columns.some(isStreaming)) return;
    try {
      const conversation = await call('chat.compare.keep', {
        ...(conversationId ? { conversationId } : {}),
        ...(chosen.profileId ? { profileId: chosen.profileId } : {}),
        model: chosen.model,
        // The request the columns answered, not the form as it is now.
        system: request.system,
        params: request.params,
        ...(request.extra ? { extra: request.extra } : {}),
        ...(request.variables ? { variables: request.variables } : {}),
        messages: [...request.messages, chosen.result],
        // The other replies stay as versions of the chosen one; empty ones carry nothing to keep.
        others: columns.flatMap((c) => (c.key !== key && c.result && hasAnswer(c.result) ? [c.result] : [])),
      });
      useChat.getState().open(conversation);
      set({
        active: false,
        request: undefined,
        columns: columns.map((c) => newColumn(c.profileId, c.model)),
      });
    } catch (err) {
      set({ error: asAppError(err) });
    }
  },
}));

/** Whether a reply says anything worth keeping: text, thinking, a refusal or tool calls. */
export function hasAnswer(m: StoredMessage): boolean {
  return Boolean(m.content.trim() || m.reasoning?.trim() || m.refusal?.trim() || m.toolCalls?.length);
}
