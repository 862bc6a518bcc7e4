import { describe, expect, it } from 'vitest';
import type { AttachmentRef } from '../../../src-shared/chat/attachments';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { wireHistory } from './wire-history';

const id = (c: string, ext: string) => `${c.repeat(64)}.${ext}`;
const shot: AttachmentRef = {
  id: id('a', 'png'),
  name: 'shot.png',
  mime: 'image/png',
  size: 4,
  width: 2,
  height: 2,
  detail: 'high',
};
const code: AttachmentRef = { id: id('b', 'txt'), name: 'main.ts', mime: 'text/plain', size: 30 };
const files = new Map([
  [shot.id, Buffer.from([1, 2, 3, 4])],
  // A file that holds a fence and a placeholder of its own.
  [code.id, Buffer.from('\uFEFFconst s = "```{{name}}";\n')],
]);
const read = async (ref: AttachmentRef) => {
  const bytes = files.get(ref.id);
  if (!bytes) throw new Error(`unexpected read of ${ref.id}`);
  return bytes;
};

describe('the history sent, with attachments', () => {
  it('sends a question with files as parts, and every other turn as a string', async () => {
    const messages: StoredMessage[] = [
      { role: 'user', content: 'Hi {{name}}' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'Review {{name}}’s code', attachments: [code, shot] },
    ];
    expect(await wireHistory('Be brief.', messages, { name: 'Ada' }, read)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi Ada' },
      { role: 'assistant', content: 'Hello.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Review Ada’s code' },
          // Named, fenced longer than the backticks inside it, placeholders left as written.
          { type: 'text', text: 'File: main.ts\n````\nconst s = "```{{name}}";\n````' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AQIDBA==', detail: 'high' } },
        ],
      },
    ]);
  });

  it('sends a question that is only files without an empty text part, and a repeat of it once', async () => {
    const onlyFile: StoredMessage = {
      role: 'user',
      content: '',
      attachments: [{ ...shot, detail: undefined }],
    };
    const wire = await wireHistory(
      '',
      [onlyFile, { role: 'assistant', content: '', error: { code: 'x', message: 'x' } }, onlyFile],
      undefined,
      read,
    );
    const part = { type: 'image_url', image_url: { url: 'data:image/png;base64,AQIDBA==', detail: 'auto' } };
    // The failed reply is left out, and the question asked again with the same files is sent once;
    // the same words with other files are another question.
    expect(wire).toEqual([{ role: 'user', content: [part] }]);
    const other: StoredMessage = { role: 'user', content: '', attachments: [code] };
    expect(await wireHistory('', [onlyFile, other], undefined, read)).toHaveLength(2);
  });
});
