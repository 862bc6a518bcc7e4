import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttachmentRef } from '../../../src-shared/chat/attachments';
import type { AddedAttachment } from '../../../src-shared/chat/attachment-rules';
import type { ChatStreamEvent, StartChatInput } from '../../../src-shared/chat/chat-events';
import type { CompareReplyInput } from '../../../src-shared/chat/compare';
import { routerCalls, testServices } from '../../ipc/services.test-helper';
import { StreamHub } from '../../ipc/stream-hub';
import { recordingSubscriber } from '../../ipc/stream-hub.test-helper';
import { encodePng } from '../../sandbox/png-encoder';

type Ended = Extract<ChatStreamEvent, { type: 'done' | 'error' }>;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

function setup() {
  const t = testServices();
  cleanup = t.close;
  const { call, send } = routerCalls(t.services);
  const add = (input: unknown) => call<AddedAttachment>('chat.attachments.add', input);
  return { t, call, send, add };
}

/** A 40×30 picture, red on its left half and blue on its right. */
function picture(): string {
  const rgb = new Uint8Array(40 * 30 * 3);
  for (let p = 0; p < 40 * 30; p++) rgb.set(p % 40 < 20 ? [220, 30, 30] : [40, 80, 220], p * 3);
  return encodePng(40, 30, rgb).toString('base64');
}

async function reply(
  t: ReturnType<typeof testServices>,
  start: 'start' | 'compare',
  input: StartChatInput | CompareReplyInput,
) {
  const hub = new StreamHub();
  const rec = recordingSubscriber();
  const sink = hub.subscribe(rec.subscriber, 'stream-att-1');
  const started = await t.services.chat[start](input as never, sink);
  return { started: started as { conversationId?: string }, ended: await rec.ended<Ended>('stream-att-1') };
}

describe('chat attachments', () => {
  it('refuses a file by its field and rule before keeping anything', async () => {
    const { send, t } = setup();
    const refused = async (input: unknown) => {
      const r = await send('chat.attachments.add', input);
      return r.ok ? 'accepted' : r.error.message;
    };
    expect(await refused({ name: 'a.pdf', mime: 'application/pdf', data: 'AAAA' })).toContain(
      'mime: must be one of image/png, image/jpeg, image/webp, image/gif, text/plain',
    );
    expect(await refused({ name: 'a/b.png', mime: 'image/png', data: picture() })).toContain(
      'name: must be a file name without / \\ or control characters',
    );
    expect(await refused({ name: 'a.png', mime: 'image/png', data: 'not base64!' })).toContain(
      'data: must be base64',
    );
    expect(await refused({ name: 'a.txt', mime: 'text/plain', data: 'aGk=', detail: 'low' })).toContain(
      'detail: applies to images only',
    );
    expect(await refused({ name: 'a.webp', mime: 'image/webp', data: picture() })).toContain(
      'data: the bytes are image/png, not image/webp as mime says',
    );
    expect(existsSync(t.services.attachments.dir)).toBe(false);
  });

  it('sends an image and a text file as parts the Sandbox reads, and stores only references', async () => {
    const { t, add, call } = setup();
    const image = await add({ name: 'flag.png', mime: 'image/png', data: picture() });
    expect(image.url).toBe(`media://attachments/${image.ref.id}`);
    const notes = await add({
      name: 'notes.md',
      mime: 'text/markdown',
      data: Buffer.from('# Plan\n').toString('base64'),
    });
    const refs: AttachmentRef[] = [{ ...image.ref, detail: 'low' }, notes.ref];
    const { started, ended } = await reply(t, 'start', {
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'What is in this picture?', attachments: refs }],
    });
    expect(ended.type).toBe('done');
    expect(ended.message.content).toContain('Image 1: PNG, 40×30 pixels');
    expect(ended.message.content).toContain('detail low');
    expect(ended.message.content).toMatch(/main colours (red|blue)/);
    const saved = t.services.chat.get(started.conversationId!);
    expect(saved.messages[0]).toEqual({
      role: 'user',
      content: 'What is in this picture?',
      attachments: refs,
    });
    expect(saved.title).toBe('What is in this picture?');
    // The rows hold references, never the bytes.
    const rows = t.database.prepare('SELECT data FROM messages').all() as { data: string }[];
    expect(rows.map((r) => r.data).join('')).not.toContain('base64');
    // The request the gateway got (the log keeps its body): the words, the image, the file.
    const [entry] = (await call<{ id: number }[]>('log.list', {})).slice(-1);
    const body = JSON.parse((await call<{ text: string }>('log.requestBody', { id: entry.id })).text);
    expect(body.messages[0].content).toEqual([
      { type: 'text', text: 'What is in this picture?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${picture()}`, detail: 'low' } },
      { type: 'text', text: 'File: notes.md\n```\n# Plan\n```' },
    ]);
  });

  it('sends attachments in side by side too, and a model that refuses images fails the reply, not the app', async () => {
    const { t, add } = setup();
    const image = await add({ name: 'flag.png', mime: 'image/png', data: picture() });
    const compared = await reply(t, 'compare', {
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: '', attachments: [image.ref] }],
    });
    expect(compared.ended.message.content).toContain('Image 1: PNG, 40×30 pixels');
    const refused = await reply(t, 'start', {
      model: 'sandbox-chat-text',
      messages: [{ role: 'user', content: 'And now?', attachments: [image.ref] }],
    });
    expect(refused.ended.type).toBe('error');
    const error = (refused.ended as Extract<Ended, { type: 'error' }>).error;
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('does not support image input');
    // The question is kept with its file; the failed reply is saved with its error.
    const saved = t.services.chat.get(refused.started.conversationId!);
    expect(saved.messages[0].attachments).toEqual([image.ref]);
    expect(saved.messages[1].error?.code).toBe('bad_request');
  });

  it('names a file gone from the folder and saves nothing; deleting a conversation removes its files', async () => {
    const { t, add } = setup();
    const image = await add({ name: 'flag.png', mime: 'image/png', data: picture() });
    const { started } = await reply(t, 'start', {
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'Look', attachments: [image.ref] }],
    });
    const gone = { ...image.ref, id: `${'0'.repeat(64)}.png`, name: 'gone.png' };
    await expect(
      t.services.chat.start(
        { model: 'sandbox-chat-1', messages: [{ role: 'user', content: 'x', attachments: [gone] }] },
        new StreamHub().subscribe(recordingSubscriber().subscriber, 'stream-att-2'),
      ),
    ).rejects.toThrow("attachments: 'gone.png' is no longer in the data folder");
    expect(t.services.chat.list()).toHaveLength(1);
    const path = join(t.services.attachments.dir, image.ref.id);
    // Added this session: a draft may hold it, so the delete keeps it; the next start's sweep does not.
    t.services.chat.delete(started.conversationId!);
    expect(existsSync(path)).toBe(true);
    expect(t.services.chat.sweepAttachments()).toBe(1);
    expect(existsSync(path)).toBe(false);
  });
});
