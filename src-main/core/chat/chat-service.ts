import { randomUUID } from 'node:crypto';
import { streamChat } from '../gateway/chat-api';
import type { GatewayClient } from '../gateway/gateway-client';
import { AppFailure } from '../../../src-shared/result';
import type { ConversationRepository } from '../db/conversation-repository';
import type { ProfileService } from '../profiles/profile-service';
import {
  type Conversation,
  type ConversationSummary,
  type StoredMessage,
  titleFrom,
} from '../../../src-shared/chat/conversation';
import {
  type ChatEvents,
  type ChatStreamEvent,
  type StartChatInput,
  startChatSchema,
} from '../../../src-shared/chat/chat-events';
import type { StreamSink } from '../streams/stream-sink';
import { wireHistory } from './wire-history';

export type Emit = <K extends keyof ChatEvents>(name: K, payload: ChatEvents[K]) => void;

/** Deltas are gathered for this long before one event goes to the window, to keep IPC traffic low. */
const DELTA_FLUSH_MS = 16;

export class ChatService {
  /** The newest reply asked for in each conversation; an older one that ends later is not saved. */
  private readonly newest = new Map<string, symbol>();
  /** Replies still streaming or being saved, so quitting can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      client: GatewayClient;
      profiles: ProfileService;
      conversations: ConversationRepository;
      emit: Emit;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  list(): ConversationSummary[] {
    return this.deps.conversations.summaries();
  }

  get(id: string): Conversation {
    const c = this.deps.conversations.get(id);
    if (!c) throw new AppFailure({ code: 'not_found', message: 'That conversation no longer exists.' });
    return c;
  }

  rename(id: string, title: string): ConversationSummary {
    const c = this.deps.conversations.put({ ...this.get(id), title, updatedAt: this.now() });
    return { id: c.id, title: c.title, updatedAt: c.updatedAt, messageCount: c.messages.length };
  }

  delete(id: string): void {
    this.deps.conversations.delete(id);
  }

  /**
   * Saves the history first, so the user's message survives whatever the stream does, then
   * streams the reply to `sink`; the reply (whole, partial or failed) is saved before the window
   * hears. The sink's signal stops the fetch: the subscriber unsubscribed or went away.
   */
  async start(raw: StartChatInput, sink: StreamSink<ChatStreamEvent>): Promise<{ conversationId: string }> {
    const input = startChatSchema.parse(raw);
    const existing = input.conversationId ? this.deps.conversations.get(input.conversationId) : undefined;
    const profileId = this.deps.profiles.activeId();
    const target = await this.deps.profiles.target(profileId);
    const idleTimeoutMs = this.deps.profiles.idleTimeoutMs(profileId);
    const now = this.now();
    const conversation: Conversation = {
      id: existing?.id ?? input.conversationId ?? randomUUID(),
      title: existing?.title ?? titleFrom(input.messages),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      profileId,
      model: input.model,
      system: input.system,
      params: input.params,
      extra: input.extra,
      messages: input.messages,
    };
    this.deps.conversations.put(conversation);
    // The new conversation is in every list from the moment it is saved, not when the reply ends.
    this.deps.emit('chat.conversations.changed', { conversationId: conversation.id });

    const wire = wireHistory(input.system, input.messages);

    // Reasoning and answer text are gathered apart and sent reasoning first, as they arrived.
    const pending = { reasoning: '', delta: '' };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      if (pending.reasoning) sink.emit({ type: 'reasoning', text: pending.reasoning });
      if (pending.delta) sink.emit({ type: 'delta', text: pending.delta });
      pending.reasoning = pending.delta = '';
    };

    const request = Symbol(conversation.id);
    this.newest.set(conversation.id, request);
    const finished = streamChat(
      this.deps.client,
      target,
      { model: input.model, messages: wire, ...input.params, extra: input.extra },
      (text) => {
        pending.delta += text;
        timer ??= setTimeout(flush, DELTA_FLUSH_MS);
      },
      {
        signal: sink.signal,
        // A reasoning model may think for minutes; the profile says how much silence to allow,
        // also before the headers (some gateways send them only with the first token).
        timeoutMs: idleTimeoutMs,
        idleTimeoutMs,
        onReasoning: (text) => {
          pending.reasoning += text;
          timer ??= setTimeout(flush, DELTA_FLUSH_MS);
        },
      },
    ).then((outcome) => {
      if (timer) clearTimeout(timer);
      flush();
      const superseded = this.newest.get(conversation.id) !== request;
      if (!superseded) this.newest.delete(conversation.id);
      const stopped = outcome.error?.code === 'aborted';
      const message: StoredMessage = {
        role: 'assistant',
        content: outcome.text,
        ...(outcome.reasoning ? { reasoning: outcome.reasoning } : {}),
        stats: {
          firstTokenMs: outcome.timings.firstTokenMs,
          firstReasoningMs: outcome.timings.firstReasoningMs,
          reasoningMs: outcome.timings.reasoningMs,
          totalMs: outcome.timings.totalMs,
          tokensPerSecond: outcome.timings.tokensPerSecond,
          usage: outcome.usage,
          model: outcome.model,
          finishReason: outcome.finishReason,
        },
        ...(stopped ? { stopped: true } : outcome.error ? { error: outcome.error.toAppError() } : {}),
      };
      let saved: boolean;
      try {
        saved = this.saveReply(conversation.id, message, superseded);
      } catch (err) {
        // The reply still reaches the window, with why it is not kept; the stream always ends.
        const error = {
          code: 'storage' as const,
          message: `The reply could not be saved: ${err instanceof Error ? err.message : String(err)}`,
        };
        sink.end({ type: 'error', message: { ...message, error }, error });
        return;
      }
      // A stopped stream's subscriber is gone, so the sink drops this; the broadcast still tells it.
      sink.end(
        outcome.error && !stopped
          ? { type: 'error', message, error: outcome.error.toAppError() }
          : { type: 'done', message },
      );
      if (saved) this.deps.emit('chat.conversations.changed', { conversationId: conversation.id });
    });
    this.inFlight.add(finished);
    void finished.finally(() => this.inFlight.delete(finished));
    return { conversationId: conversation.id };
  }

  /**
   * Appends the reply to the conversation as it is saved now. Not when the conversation was
   * deleted meanwhile (the user's delete wins), nor when a newer request for it started since
   * (Stop then Regenerate: the newer history is the one the user wants).
   */
  private saveReply(conversationId: string, message: StoredMessage, superseded: boolean): boolean {
    if (superseded) return false;
    const latest = this.deps.conversations.get(conversationId);
    if (!latest) return false;
    this.deps.conversations.put({
      ...latest,
      messages: [...latest.messages, message],
      updatedAt: this.now(),
    });
    return true;
  }

  /** Resolves once every reply under way has ended and been saved (or `timeoutMs` passed). */
  async settle(timeoutMs = 3000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((done) => (timer = setTimeout(done, timeoutMs)));
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    clearTimeout(timer);
  }
}
