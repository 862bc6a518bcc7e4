import { z } from 'zod';
import { isBase64Text } from '../base64-text';
import {
  ATTACHMENT_ID_PATTERN,
  ATTACHMENT_MIMES,
  IMAGE_DETAILS,
  isImageMime,
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
} from './attachment-rules';

/** The schemas of chat attachments (their rules, zod-free, are in attachment-rules.ts). */

const MIME_MESSAGE = `must be one of ${ATTACHMENT_MIMES.join(', ')}`;

/** A file name as shown and sent: no folders, no control characters. */
export const attachmentNameSchema = z
  .string()
  .min(1, 'is required')
  .max(255, 'must be at most 255 characters')
  .refine(
    // Control characters are the rule here, so the regex names them.
    // eslint-disable-next-line no-control-regex
    (n) => !/[/\\\u0000-\u001f\u007f]/.test(n),
    'must be a file name without / \\ or control characters',
  );

export const attachmentRefSchema = z.object({
  /** `<sha256>.<ext>`, the file under the data folder's `media/attachments/`. */
  id: z.string().regex(ATTACHMENT_ID_PATTERN, 'must be <sha256>.<extension>'),
  name: attachmentNameSchema,
  mime: z.enum(ATTACHMENT_MIMES, { error: MIME_MESSAGE }),
  size: z.number().int().min(0),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** An image's `detail` (absent on text files). */
  detail: z.enum(IMAGE_DETAILS).optional(),
});
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

/** The most base64 characters `bytes` bytes take. */
const base64Chars = (bytes: number) => Math.ceil(bytes / 3) * 4;

/**
 * What the window sends once per file: its name, type and bytes (base64, the IPC's JSON form).
 * Main checks the bytes themselves (an image's header, a text's UTF-8) before keeping them.
 */
export const addAttachmentSchema = z
  .object({
    name: attachmentNameSchema,
    mime: z.enum(ATTACHMENT_MIMES, { error: MIME_MESSAGE }),
    data: z
      .string()
      .max(base64Chars(MAX_IMAGE_BYTES), `must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`)
      .refine(isBase64Text, 'must be base64'),
    detail: z.enum(IMAGE_DETAILS, { error: 'must be auto, low or high' }).optional(),
  })
  .superRefine((input, ctx) => {
    if (!isImageMime(input.mime) && input.data.length > base64Chars(MAX_TEXT_FILE_BYTES))
      ctx.addIssue({
        code: 'custom',
        path: ['data'],
        message: `must be at most ${MAX_TEXT_FILE_BYTES / 1024} KB for a text file`,
      });
    if (!isImageMime(input.mime) && input.detail !== undefined)
      ctx.addIssue({ code: 'custom', path: ['detail'], message: 'applies to images only' });
  });
export type AddAttachmentInput = z.infer<typeof addAttachmentSchema>;
