import { randomUUID } from 'node:crypto';
import { setTimeout as nextTurn } from 'node:timers/promises';
import type { GatewayClient } from '../gateway/gateway-client';
import { type AppError, AppFailure, invalidInput } from '../../../src-shared/result';
import { diskFullError, isDiskFull } from '../storage/disk-full';
import {
  type ConversationPart,
  type ConversationRepository,
  type MessageRange,
  rangeBounds,
  storedSize,
} from '../db/conversation-repository';
import type { ProfileService } from '../profiles/profile-service';
import {
  type Conversation,
  type ConversationHit,
  type ConversationSummary,
  type StoredMessage,
  type SwitchBranchInput,
  switchBranchSchema,
  titleFrom,
} from '../../../src-shared/chat/conversation';
import {
  type ChatEvents,
  type ChatStreamEvent,
  type StartChatInput,
  startChatSchema,
} from '../../../src-shared/chat/chat-events';
import {
  type ExportedFile,
  type ExportFormat,
  exportConversations,
} from '../../../src-shared/chat/conversation-export';
import type { StreamSink } from '../streams/stream-sink';
import { wireHistory } from './wire-history';
import type { AttachmentStore } from '../attachments/attachment-store';
import type { AttachmentRef } from '../../../src-shared/chat/attachments';
import { attachmentIdsIn } from '../../../src-shared/chat/attachment-rules';
import { refuseBadToolSchemas } from './tool-schema-check';
import { branchFieldsOf, restorePending } from './pending-branches';
import { type ReplyTiming, streamReply, withCheck } from './stream-reply';
import { CONTINUE_PROMPT, joinContinuation } from './continuation';
import type { KeyScrubber } from '../security/key-scrubber';
import {
  attachPending,
  branchCount,
  mergeHistory,
  switchBranch,
  withBranches,
  withoutBranches,
} from '../../../src-shared/chat/branches';
import {
  type CompareReplyInput,
  compareReplySchema,
  type KeepComparedInput,
  keepComparedSchema,
} from '../../../src-shared/chat/compare';

export type Emit = <K extends keyof ChatEvents>(name: K, payload: ChatEvents[K]) => void;

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
      /** The files attached to messages (read when a history is sent, swept when unreferenced). */
      attachments: AttachmentStore;
      emit: Emit;
      now?: () => number;
      /** Keys to remove from the reply's text, also when a model spreads one over many deltas. */
      scrubber?: KeyScrubber;
      /** The data folder, named when a reply cannot be saved because its disk is full. */
      dataDir?: string;
    },
  ) {}

  /** The profile's idle timeout and reply deadline, for one reply. */
  private replyTiming(profileId: string): ReplyTiming {
    return {
      idleTimeoutMs: this.deps.profiles.idleTimeoutMs(profileId),
      replyDeadlineMs: this.deps.profiles.replyDeadlineMs(profileId),
    };
  }

  private readonly readAttachment = (ref: AttachmentRef) => this.deps.attachments.read(ref);

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  list(): ConversationSummary[] {
    return this.deps.conversations.summaries();
  }

  get(id: string): Conversation {
    const c = this.deps.conversations.get(id);
    if (!c) throw notFound();
    // Versions set aside for a reply that was never saved (the app stopped first) come back.
    if (c.pendingBranches && !this.newest.has(id)) return this.deps.conversations.put(restorePending(c));
    return c;
  }

  /** Part of a conversation, read without the rest unless versions set aside must come back first. */
  part(id: string, range: MessageRange): ConversationPart {
    const part = this.deps.conversations.part(id, range);
    if (part && !(part.conversation.pendingBranches && !this.newest.has(id))) return part;
    const { messages, ...c } = this.get(id); // restores, or sets aside a row that does not read
    const [from, to] = rangeBounds(range, messages.length, (p) => storedSize(messages[p]));
    return { conversation: { ...c, messages: messages.slice(from, to) }, total: messages.length };
  }

  rename(id: string, title: string): ConversationSummary {
    this.deps.conversations.put({ ...this.get(id), title, updatedAt: this.now() });
    return this.summary(id);
  }

  pin(id: string, pinned: boolean): ConversationSummary {
    if (!this.deps.conversations.setPinned(id, pinned)) throw notFound();
    return this.summary(id);
  }

  search(query: string): ConversationHit[] {
    return this.deps.conversations.search(query, 50);
  }

  /** The conversations named (all when `ids` is absent) as one Markdown or JSON file. */
  export(ids: string[] | undefined, format: ExportFormat): ExportedFile {
    const list = (ids ?? this.list().map((s) => s.id)).map((id) => this.get(id));
    return exportConversations(list, format, new Date(this.now()));
  }

  private summary(id: string): ConversationSummary {
    const found = this.list().find((s) => s.id === id);
    if (!found) throw notFound();
    return found;
  }

  /** Deletes the conversation, then the files only it referred to (attachment-store.ts `sweep`). */
  delete(id: string): void {
    const c = this.deps.conversations.get(id);
    this.deps.conversations.delete(id);
    const ids = attachmentIdsIn(c?.messages ?? []);
    c?.pendingBranches?.tails.forEach((tail) => attachmentIdsIn(tail, ids));
    if (ids.size) this.deps.attachments.sweep(this.deps.conversations.attachmentIds(), ids);
  }

  /** At start: removes attachment files no conversation refers to (docs/architecture.md). */
  sweepAttachments(): number {
    return this.deps.attachments.sweep(this.deps.conversations.attachmentIds());
  }

  /**
   * Shows version `index` of the conversation at `position` (an edited question, a regenerated
   * reply); the one shown until now stays among the versions. Not while a reply is streaming for
   * it: that reply would be saved onto a history that is no longer shown.
   */
  switchBranch(raw: SwitchBranchInput): Conversation {
    const input = switchBranchSchema.parse(raw);
    const c = this.get(input.id);
    if (this.newest.has(c.id)) {
      throw new AppFailure({
        code: 'invalid_input',
        message: 'A reply is still arriving in this conversation: stop it or wait, then switch versions.',
      });
    }
    const head = c.messages[input.position];
    if (!head?.alternatives?.length || input.index >= branchCount(head)) {
      throw invalidInput('index', `must name one of the versions at message ${input.position + 1}`);
    }
    return this.deps.conversations.put({
      ...c,
      messages: switchBranch(c.messages, input.position, input.index),
      updatedAt: this.now(),
    });
  }

  /**
   * Saves the history first, so the user's message survives whatever the stream does, then
   * streams the reply to `sink`; the reply (whole, partial or failed) is saved before the window
   * hears. The sink's signal stops the fetch: the subscriber unsubscribed or went away. Where the
   * history departs from the stored one (an edit, a Regenerate) the stored rest is kept as another
   * version (shared/chat/branches.ts).
   */
  async start(raw: StartChatInput, sink: StreamSink<ChatStreamEvent>): Promise<{ conversationId: string }> {
    const input = startChatSchema.parse(raw);
    refuseBadToolSchemas(input.params.tools);
    const existing = input.conversationId ? this.deps.conversations.get(input.conversationId) : undefined;
    const continued = input.continueReply ? this.replyToContinue(existing, input.messages) : undefined;
    const profileId = this.deps.profiles.activeId();
    const target = await this.deps.profiles.target(profileId);
    const timing = this.replyTiming(profileId);
    const now = this.now();
    const merged = mergeHistory(existing?.messages ?? [], input.messages);
    // Attached files are read before anything is saved: a file gone from the folder fails the
    // call, naming it, and the window keeps the question to send again.
    const history = await wireHistory(input.system, merged.messages, input.variables, this.readAttachment);
    const wire = continued ? [...history, { role: 'user' as const, content: CONTINUE_PROMPT }] : history;
    // A Regenerate stopped before its reply was saved leaves its versions waiting; a second one keeps them.
    const setAside =
      merged.pending ??
      (existing?.pendingBranches?.position === merged.messages.length ? existing.pendingBranches : undefined);
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
      ...(input.variables ? { variables: input.variables } : {}),
      messages: merged.messages,
      ...(setAside ? { pendingBranches: setAside } : {}),
    };
    this.deps.conversations.put(conversation);
    // The new conversation is in every list from the moment it is saved, not when the reply ends.
    this.deps.emit('chat.conversations.changed', { conversationId: conversation.id });

    const request = Symbol(conversation.id);
    this.newest.set(conversation.id, request);
    const body = { model: input.model, messages: wire, ...input.params, extra: input.extra };
    const finished = streamReply(this.deps, target, timing, body, sink).then(
      async ({ fresh, outcome, stopped }) => {
        // A reply's end is three pieces of work, each in a turn of its own so main is never
        // held by all three at once: the stream's last text (scrubbed, made a message), its save
        // (a 2,000,000-character reply is some 20 ms of SQLite's full-text indexing), and the
        // end event to the window (docs/architecture.md, "The path of a chat delta"). A timer,
        // not setImmediate: timers due (a click's, a probe's) then run between the pieces.
        await nextTurn(0);
        const superseded = this.newest.get(conversation.id) !== request;
        if (!superseded) this.newest.delete(conversation.id);
        // A continued reply is checked whole: the cut part alone never parsed.
        const message = continued
          ? withCheck(joinContinuation(continued, withoutBranches(fresh)), body, !outcome.error)
          : fresh;
        let saved: boolean;
        try {
          saved = this.saveReply(conversation.id, message, superseded, continued);
        } catch (err) {
          // The reply still reaches the window, with why it is not kept; the stream always ends.
          const error: AppError = isDiskFull(err)
            ? diskFullError(err, this.deps.dataDir)
            : {
                code: 'storage',
                message: `The reply could not be saved: ${err instanceof Error ? err.message : String(err)}`,
              };
          sink.end({ type: 'error', message: { ...message, error }, error });
          return;
        }
        await nextTurn(0);
        // A stopped stream's subscriber is gone, so the sink drops this; the broadcast still tells it.
        sink.end(
          outcome.error && !stopped
            ? { type: 'error', message, error: outcome.error.toAppError() }
            : { type: 'done', message },
        );
        if (saved) this.deps.emit('chat.conversations.changed', { conversationId: conversation.id });
      },
    );
    this.inFlight.add(finished);
    void finished.finally(() => this.inFlight.delete(finished));
    return { conversationId: conversation.id };
  }

  /**
   * One column of a side-by-side comparison: streamed like a reply, from the profile the column
   * names, and saved nowhere (the user keeps the column they choose with `keepCompared`).
   */
  async compare(raw: CompareReplyInput, sink: StreamSink<ChatStreamEvent>): Promise<{ profileId: string }> {
    const input = compareReplySchema.parse(raw);
    const profileId = input.profileId ?? this.deps.profiles.activeId();
    const target = await this.deps.profiles.target(profileId);
    const body = {
      model: input.model,
      messages: await wireHistory(input.system, input.messages, input.variables, this.readAttachment),
      ...input.params,
      extra: input.extra,
    };
    const finished = streamReply(this.deps, target, this.replyTiming(profileId), body, sink).then(
      ({ fresh, outcome, stopped }) => {
        // A column is one reply: the other choices of `n` > 1 are not kept by a comparison.
        const message = withoutBranches(fresh);
        sink.end(
          outcome.error && !stopped
            ? { type: 'error', message, error: outcome.error.toAppError() }
            : { type: 'done', message },
        );
      },
    );
    this.inFlight.add(finished);
    void finished.finally(() => this.inFlight.delete(finished));
    return { profileId };
  }

  /**
   * The column the user chose becomes the conversation's next turn (a new conversation if it has
   * none yet), with the model and profile that wrote it; the other columns' replies are kept as
   * versions of that reply.
   */
  keepCompared(raw: KeepComparedInput): Conversation {
    const input = keepComparedSchema.parse(raw);
    const existing = input.conversationId ? this.deps.conversations.get(input.conversationId) : undefined;
    if (existing && this.newest.has(existing.id)) {
      throw new AppFailure({
        code: 'invalid_input',
        message: 'A reply is still arriving in this conversation: stop it or wait, then keep a column.',
      });
    }
    const merged = mergeHistory(existing?.messages ?? [], input.messages).messages;
    const chosen = merged[merged.length - 1];
    const tails = [...input.others.map((m) => [m]), [withoutBranches(chosen)]];
    const now = this.now();
    const conversation = this.deps.conversations.put({
      id: existing?.id ?? input.conversationId ?? randomUUID(),
      title: existing?.title ?? titleFrom(input.messages),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      profileId: input.profileId ?? this.deps.profiles.activeId(),
      model: input.model,
      system: input.system,
      params: input.params,
      extra: input.extra,
      ...(input.variables ? { variables: input.variables } : {}),
      messages: withBranches(merged.slice(0, -1), tails, tails.length - 1),
    });
    this.deps.emit('chat.conversations.changed', { conversationId: conversation.id });
    return conversation;
  }

  /**
   * Appends the reply to the conversation as it is saved now (or, for a continuation, puts it in
   * place of the reply it continues). Not when the conversation was deleted meanwhile (the user's
   * delete wins), nor when a newer request for it started since (Stop then Regenerate: the newer
   * history is the one the user wants). Versions set aside for this reply join it.
   */
  private saveReply(
    conversationId: string,
    message: StoredMessage,
    superseded: boolean,
    continued?: StoredMessage,
  ): boolean {
    if (superseded) return false;
    const latest = this.deps.conversations.get(conversationId);
    if (!latest) return false;
    const { pendingBranches, ...rest } = latest;
    const last = latest.messages[latest.messages.length - 1];
    const replacing = continued && last?.role === 'assistant' && last.content === continued.content;
    const messages = replacing
      ? [...latest.messages.slice(0, -1), { ...message, ...branchFieldsOf(last) }]
      : [
          ...latest.messages,
          pendingBranches?.position === latest.messages.length
            ? attachPending(message, pendingBranches)
            : message,
        ];
    this.deps.conversations.put({ ...rest, messages, updatedAt: this.now() });
    return true;
  }

  /** The stored reply a continuation adds to: the conversation's last message, as the window sent it. */
  private replyToContinue(existing: Conversation | undefined, requested: StoredMessage[]): StoredMessage {
    const last = existing?.messages[existing.messages.length - 1];
    const asked = requested[requested.length - 1];
    if (!last || last.role !== 'assistant' || last.content !== asked?.content) {
      throw invalidInput('messages', "must end with the conversation's last reply, as saved, to continue it");
    }
    if (!last.content.trim())
      throw invalidInput('messages', 'the reply to continue is empty: regenerate it instead');
    return last;
  }

  /** Resolves once every reply under way has ended and been saved (or `timeoutMs` passed). */
  async settle(timeoutMs = 3000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((done) => (timer = setTimeout(done, timeoutMs)));
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    clearTimeout(timer);
  }
}

function notFound(): AppFailure {
  return new AppFailure({ code: 'not_found', message: 'That conversation no longer exists.' });
}
