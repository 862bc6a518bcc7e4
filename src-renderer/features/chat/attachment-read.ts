import type { AddAttachmentInput } from '../../../src-shared/chat/attachments';
import {
  type AttachmentMime,
  DOWNSCALE_LONG_SIDE,
  IMAGE_MIMES,
  isImageMime,
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
  textMimeFor,
} from '../../../src-shared/chat/attachment-rules';
import { t } from '../../i18n/i18n';
import { sizeText } from './attachment-size';

/** A file the window will not send, with the words to show under its chip. */
export class RefusedFile extends Error {}

/** The type a file is sent as, or undefined when it cannot be attached. */
export function attachmentMimeOf(file: Pick<File, 'name' | 'type'>): AttachmentMime | undefined {
  return isImageMime(file.type) ? file.type : textMimeFor(file.name, file.type);
}

/**
 * Reads a file once for `chat.attachments.add` (docs/architecture.md, "Chat attachments"): an image
 * larger than the long side is first downscaled here, where decoding is cheap and sandboxed
 * (`createImageBitmap` decodes off the main thread, OffscreenCanvas encodes); the bytes then
 * become base64 once, the IPC's JSON form. An animated GIF is sent as it is (a canvas keeps one
 * frame).
 */
export async function readForUpload(
  file: File,
  downscale: boolean,
): Promise<Omit<AddAttachmentInput, 'detail'>> {
  const mime = attachmentMimeOf(file);
  if (!mime) throw new RefusedFile(t('chat.attachUnsupported'));
  let blob: Blob = file;
  let sentMime: AttachmentMime = mime;
  if (isImageMime(mime)) {
    if (downscale && mime !== 'image/gif') {
      const smaller = await downscaled(file, mime);
      if (smaller) [blob, sentMime] = smaller;
    }
    tooLarge(blob.size, MAX_IMAGE_BYTES);
  } else {
    tooLarge(blob.size, MAX_TEXT_FILE_BYTES);
  }
  return { name: file.name || fallbackName(sentMime), mime: sentMime, data: await base64Of(blob) };
}

function tooLarge(size: number, limit: number): void {
  if (size > limit)
    throw new RefusedFile(t('chat.attachTooLarge', { size: sizeText(size), limit: sizeText(limit) }));
}

/** A pasted screenshot has no name of its own. */
function fallbackName(mime: AttachmentMime): string {
  return `pasted.${mime.split('/')[1].replace('jpeg', 'jpg')}`;
}

/** The image brought to the long side, or undefined when it is already within it (or cannot be decoded here). */
async function downscaled(file: File, mime: AttachmentMime): Promise<[Blob, AttachmentMime] | undefined> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return undefined;
  const bitmap = await createImageBitmap(file);
  try {
    const scale = DOWNSCALE_LONG_SIDE / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) return undefined;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return undefined;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    const out = await canvas.convertToBlob({ type: mime, quality: 0.9 });
    // A browser that cannot encode the type answers with PNG: send what it made.
    const made = (IMAGE_MIMES as readonly string[]).includes(out.type)
      ? (out.type as AttachmentMime)
      : 'image/png';
    return [out, made];
  } finally {
    bitmap.close();
  }
}

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(blob);
  });
}
