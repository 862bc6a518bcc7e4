import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBase64Text } from './base64-text';
import { addAttachmentSchema } from './chat/attachments';
import { caseUploadChunkSchema } from './judge/judge-case-import';

/** The whole-text pattern the chunk check replaces: the definition of what is accepted. */
const ANCHORED = /^[A-Za-z0-9+/]*={0,2}$/;
const uploadId = '9b2f4c1e-1d2a-4c3b-8e5f-0a1b2c3d4e5f';

describe('base64 sent over IPC (upload chunks, attachments)', () => {
  it('agrees with the anchored pattern on any text of base64 characters, padding and strays', () => {
    const char = fc.constantFrom(...'AZaz09+/====- \n.é');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 24 }), (chars) => {
        const text = chars.join('');
        expect(isBase64Text(text)).toBe(ANCHORED.test(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts real base64 and names the field and rule otherwise', () => {
    for (const n of [0, 1, 2, 3, 100]) {
      const data = Buffer.alloc(n, 7).toString('base64');
      expect(caseUploadChunkSchema.safeParse({ uploadId, index: 0, data }).success).toBe(true);
    }
    for (const data of ['QQ===', 'Q=Q', 'QQ QQ', 'QQ==\n']) {
      const parsed = caseUploadChunkSchema.safeParse({ uploadId, index: 0, data });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({ path: ['data'], message: 'must be base64' }),
      ]);
    }
    const image = { name: 'a.png', mime: 'image/png' };
    expect(addAttachmentSchema.safeParse({ ...image, data: 'iVBORw0KGgo=' }).success).toBe(true);
    const bad = addAttachmentSchema.safeParse({ ...image, data: 'iVBOR w0KGgo=' });
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ path: ['data'], message: 'must be base64' }),
    ]);
  });
});
