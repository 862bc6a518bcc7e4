import { describe, expect, it } from 'vitest';
import type { AttachmentRef } from '../../../src-shared/chat/attachments';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { streamedChatBody } from '../../../src-shared/request/chat-body';
import { fileMarker } from '../../../src-shared/request/code-files';
import { chatCode } from './chat-code';
import { type ReadAttachment, wireHistory } from './wire-history';

const id = (c: string, ext: string) => `${c.repeat(64)}.${ext}`;
const shot: AttachmentRef = {
  id: id('a', 'png'),
  name: 'shot.png',
  mime: 'image/png',
  size: 4,
  detail: 'high',
};
const notes: AttachmentRef = { id: id('b', 'md'), name: 'notes.md', mime: 'text/markdown', size: 9 };
const FILES: Record<string, Uint8Array> = {
  [shot.id]: new Uint8Array([137, 80, 78, 71]),
  [notes.id]: new TextEncoder().encode('# Notes\nhi'),
};

/** A three-turn conversation: an image on the first question, a text file on the third. */
const messages: StoredMessage[] = [
  { role: 'user', content: 'What is in {{thing}}?', attachments: [shot] },
  { role: 'assistant', content: 'A settings page.' },
  { role: 'user', content: 'Which toggle is on?' },
  { role: 'assistant', content: 'Dark mode.' },
  {
    role: 'user',
    content: 'Compare with these notes, and the same picture again.',
    attachments: [notes, shot],
  },
];
const request = {
  model: 'vision-1',
  system: 'Be brief.',
  params: { temperature: 0.3, seed: 7 },
  extra: { user: 'dev-1' },
  variables: { thing: 'this screenshot' },
  messages,
};

describe('chat.code: the body View code shows', () => {
  it('is the body the reply would send, each image standing as a file marker, and reads no image', async () => {
    const read: string[] = [];
    const reader: ReadAttachment = async (ref) => {
      read.push(ref.name);
      return FILES[ref.id];
    };
    const code = await chatCode(request, reader);
    // Only the text file was read: images are read by the code itself, from disk.
    expect(read).toEqual(['notes.md']);
    expect(code.files).toEqual([{ name: 'shot.png', mime: 'image/png' }]);

    // What chat.reply sends (the same functions, the real bytes), with its data URLs as markers.
    const sent = streamedChatBody({
      model: request.model,
      messages: await wireHistory(request.system, messages, request.variables, async (ref) => FILES[ref.id]),
      ...request.params,
      extra: request.extra,
    });
    const dataUrl = `data:image/png;base64,${Buffer.from(FILES[shot.id]).toString('base64')}`;
    expect(JSON.stringify(code.body)).toBe(JSON.stringify(sent).replaceAll(dataUrl, fileMarker(0)));

    const body = code.body as { messages: { role: string; content: unknown }[] };
    expect(body.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(body.messages[1].content).toEqual([
      { type: 'text', text: 'What is in this screenshot?' },
      { type: 'image_url', image_url: { url: fileMarker(0), detail: 'high' } },
    ]);
    // A question without files stays a string, as the spec shows.
    expect(body.messages[3].content).toBe('Which toggle is on?');
    expect(JSON.stringify(body.messages[5].content)).toContain('File: notes.md');
  });

  it('refuses a request the reply would refuse, naming the field', async () => {
    await expect(chatCode({ ...request, model: ' ' }, async () => new Uint8Array())).rejects.toThrow(/model/);
  });
});
