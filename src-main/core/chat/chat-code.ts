import type { AttachmentRef } from '../../../src-shared/chat/attachments';
import { isImageMime } from '../../../src-shared/chat/attachment-rules';
import { type ChatCode, type ChatCodeInput, chatCodeSchema } from '../../../src-shared/chat/chat-code';
import { type CodeFile, fileMarker } from '../../../src-shared/request/code-files';
import { streamedChatBody, type WireChatMessage } from '../../../src-shared/request/chat-body';
import { type ReadAttachment, wireHistory } from './wire-history';

/**
 * The body `chat.reply` would send for this request, built by the same functions (wireHistory,
 * streamedChatBody), for View code. Text files are read and sent inline as they would be; an
 * image is not read at all: wireHistory is handed its id for bytes, and its data URL is then put
 * back as a file marker the code reads from disk (docs/architecture.md, "View code").
 */
export async function chatCode(raw: ChatCodeInput, read: ReadAttachment): Promise<ChatCode> {
  const input = chatCodeSchema.parse(raw);
  const images = new Map<string, AttachmentRef>();
  const readForCode: ReadAttachment = async (ref) => {
    if (!isImageMime(ref.mime)) return read(ref);
    images.set(ref.id, ref);
    return new TextEncoder().encode(ref.id);
  };
  const messages = await wireHistory(input.system, input.messages, input.variables, readForCode);
  const files: CodeFile[] = [];
  const markerOf = new Map<string, string>();
  const marked = messages.map((m): WireChatMessage => {
    if (m.role !== 'user' || typeof m.content === 'string') return m;
    return {
      ...m,
      content: m.content.map((part) => {
        if (part.type !== 'image_url') return part;
        const id = Buffer.from(
          part.image_url.url.slice(part.image_url.url.indexOf(',') + 1),
          'base64',
        ).toString();
        const ref = images.get(id);
        if (!ref) return part;
        let marker = markerOf.get(id);
        if (marker === undefined) {
          marker = fileMarker(files.length);
          files.push({ name: ref.name, mime: ref.mime });
          markerOf.set(id, marker);
        }
        return { ...part, image_url: { ...part.image_url, url: marker } };
      }),
    };
  });
  const body = streamedChatBody({
    model: input.model,
    messages: marked,
    ...input.params,
    extra: input.extra,
  });
  return { body, files };
}
