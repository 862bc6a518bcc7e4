import type { ChatMessage } from '../gateway/chat-api';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import type { WireContentPart } from '../../../src-shared/request/chat-body';
import type { AttachmentRef } from '../../../src-shared/chat/attachments';
import { isImageMime, textFilePart } from '../../../src-shared/chat/attachment-rules';
import { toolCallIdOf } from '../../../src-shared/chat/chat-tools';
import { fillVariables, type PromptVariables } from '../../../src-shared/chat/prompt-variables';

/** The ids of the `tool` results that follow position `at`, up to the next other message. */
function answeredAfter(messages: StoredMessage[], at: number): Set<string> {
  const ids = new Set<string>();
  for (let i = at + 1; i < messages.length && messages[i].role === 'tool'; i++) {
    const id = messages[i].toolCallId;
    if (id) ids.add(id);
  }
  return ids;
}

/** One stored message as a turn of the history, or nothing when it is not sent. */
function turnOf(
  messages: StoredMessage[],
  at: number,
  previous: ChatMessage | undefined,
  previousFiles: readonly AttachmentRef[] = [],
): ChatMessage | undefined {
  const m = messages[at];
  if (m.role === 'tool') {
    // A result is sent only right after the call it answers: the API refuses a `tool` message
    // that follows no assistant `tool_calls` (its call may have been a failed reply left out).
    const answersACall =
      (previous?.role === 'assistant' && previous.tool_calls !== undefined) || previous?.role === 'tool';
    return answersACall && m.toolCallId
      ? { role: 'tool', tool_call_id: m.toolCallId, content: m.content }
      : undefined;
  }
  if (m.role === 'assistant') {
    // The API refuses `tool_calls` not each answered by a `tool` message before the next turn:
    // calls the user never answered (they asked something else instead) are not sent.
    const answered = answeredAfter(messages, at);
    const all = m.toolCalls ?? [];
    const calls = all.every((c, i) => answered.has(toolCallIdOf(c, i))) ? all : [];
    if (m.error || (!m.content.trim() && calls.length === 0)) return undefined;
    if (calls.length === 0) return { role: 'assistant', content: m.content };
    // The API takes an assistant turn that only called tools with null content.
    return {
      role: 'assistant',
      content: m.content.trim() ? m.content : null,
      tool_calls: calls.map((c, i) => ({
        id: toolCallIdOf(c, i),
        type: 'function' as const,
        function: { name: c.name, arguments: c.arguments },
      })),
    };
  }
  const sameFiles = filesKey(m.attachments) === filesKey(previousFiles);
  if (previous?.role === 'user' && previous.content === m.content && sameFiles) return undefined;
  return { role: 'user', content: m.content };
}

const filesKey = (files: readonly AttachmentRef[] = []) => files.map((f) => f.id).join(' ');

/** Reads an attachment's stored bytes (main's AttachmentStore; a test's map). */
export type ReadAttachment = (ref: AttachmentRef) => Promise<Uint8Array>;

/**
 * A user's turn with files as the API's content parts: the words first (when there are any),
 * then each file in the order attached — a text file as a text part with its name, an image as
 * an `image_url` part holding a data URL and its detail.
 */
async function withAttachments(
  text: string,
  refs: readonly AttachmentRef[],
  read: ReadAttachment,
): Promise<WireContentPart[]> {
  const files = await Promise.all(refs.map(read));
  const parts: WireContentPart[] = text.trim() ? [{ type: 'text', text }] : [];
  refs.forEach((ref, i) => {
    const bytes = Buffer.from(files[i].buffer, files[i].byteOffset, files[i].byteLength);
    parts.push(
      isImageMime(ref.mime)
        ? {
            type: 'image_url',
            image_url: {
              url: `data:${ref.mime};base64,${bytes.toString('base64')}`,
              detail: ref.detail ?? 'auto',
            },
          }
        : { type: 'text', text: textFilePart(ref.name, bytes.toString('utf8').replace(/^\uFEFF/, '')) },
    );
  });
  return parts;
}

/**
 * The history as the gateway is sent it. A failed or empty reply is left out: its error text or
 * its nothing is not something the model said. When the user then sent the same words again, the
 * two user turns would stand side by side, so the repeat is sent once. Reasoning stays in the app
 * (models that think are documented to reject it as context). A reply that called tools goes with
 * its `tool_calls`, and each result the user gave as a `tool` message after it. A question with
 * files is sent as content parts, their bytes read from the data folder now: the message row
 * holds only references (docs/architecture.md, "Chat attachments").
 */
export async function wireHistory(
  system: string,
  messages: StoredMessage[],
  variables: PromptVariables | undefined,
  read: ReadAttachment,
): Promise<ChatMessage[]> {
  const turns: { turn: ChatMessage; files?: AttachmentRef[] }[] = [];
  messages.forEach((m, at) => {
    const last = turns[turns.length - 1];
    const turn = turnOf(messages, at, last?.turn, last?.files);
    if (turn)
      turns.push({ turn, ...(m.role === 'user' && m.attachments?.length ? { files: m.attachments } : {}) });
  });
  // Placeholders are filled in what the user wrote, never in a model's reply (which may quote
  // template syntax), a tool's result or an attached file; the stored text keeps its placeholders.
  // A turn without files stays a string, as the spec shows.
  const filled = await Promise.all(
    turns.map(async ({ turn: t, files }) => {
      if (t.role !== 'user' || typeof t.content !== 'string') return t;
      const text = fillVariables(t.content, variables);
      return { ...t, content: files ? await withAttachments(text, files, read) : text };
    }),
  );
  return [
    ...(system.trim() ? [{ role: 'system' as const, content: fillVariables(system, variables) }] : []),
    ...filled,
  ];
}
