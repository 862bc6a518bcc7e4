import { randomUUID } from 'node:crypto';
import { type ChatMessage, streamChat } from '../gateway/chat-api';
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

export type Emit = <K extends keyof ChatEvents>(name: K, payload: ChatEvents[K]) => void;

/** Deltas are gathered for this long before one event goes to the window, to keep IPC traffic low. */
const DELTA_FLUSH_MS = 16;

export class ChatService {
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
      messages: input.messages,
    };
    this.deps.conversations.put(conversation);
    // The new conversation is in every list from the moment it is saved, not when the reply ends.
    this.deps.emit('chat.conversations.changed', { conversationId: conversation.id });

    const wire: ChatMessage[] = [
      ...(input.system.trim() ? [{ role: 'system' as const, content: input.system }] : []),
      ...input.messages.map((m) => ({ role: m.role, content: m.content })),
    ];

    let pending = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      if (pending) sink.emit({ type: 'delta', text: pending });
      pending = '';
    };

    void streamChat(
      this.deps.client,
      target,
      { model: input.model, messages: wire, ...input.params },
      (text) => {
        pending += text;
        timer ??= setTimeout(flush, DELTA_FLUSH_MS);
      },
      { signal: sink.signal },
    ).then((outcome) => {
      if (timer) clearTimeout(timer);
      flush();
      const stopped = outcome.error?.code === 'aborted';
      const message: StoredMessage = {
        role: 'assistant',
        content: outcome.text,
        stats: {
          firstTokenMs: outcome.timings.firstTokenMs,
          totalMs: outcome.timings.totalMs,
          tokensPerSecond: outcome.timings.tokensPerSecond,
          usage: outcome.usage,
          model: outcome.model,
          finishReason: outcome.finishReason,
        },
        ...(stopped ? { stopped: true } : outcome.error ? { error: outcome.error.toAppError() } : {}),
      };
      // Deleted while the reply streamed: the user's delete wins, nothing is written back.
      const latest = this.deps.conversations.get(conversation.id);
      if (latest) {
        this.deps.conversations.put({
          ...latest,
          messages: [...latest.messages, message],
          updatedAt: this.now(),
        });
      }
      // A stopped stream's subscriber is gone, so the sink drops this; the broadcast still tells it.
      sink.end(
        outcome.error && !stopped
          ? { type: 'error', message, error: outcome.error.toAppError() }
          : { type: 'done', message },
      );
      if (latest) this.deps.emit('chat.conversations.changed', { conversationId: conversation.id });
    });
    return { conversationId: conversation.id };
  }
}
