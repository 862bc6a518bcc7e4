import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AddAttachmentInput,
  addAttachmentSchema,
  type AttachmentRef,
} from '../../../src-shared/chat/attachments';
import { ATTACHMENT_ID_PATTERN, extensionOf, isImageMime } from '../../../src-shared/chat/attachment-rules';
import { invalidInput } from '../../../src-shared/result';
import { isTempFileName, writeFileAtomicAsync } from '../storage/atomic-file';
import { writingToAsync } from '../storage/disk-full';
import { imageDimensions, sniffImage } from './image-header';

/** Where attachments live under the media folder, so the media scheme serves their thumbnails. */
export const ATTACHMENTS_REL = 'attachments';

/**
 * The files attached to chat messages, content-addressed (`<sha256>.<ext>`) under
 * `<dataDir>/media/attachments/`: the same file attached twice is kept once, and a message holds
 * only its reference (docs/architecture.md, "Chat attachments").
 */
export class AttachmentStore {
  readonly dir: string;
  /** Files stored since the app started: a draft may hold them, so a delete's sweep spares them. */
  private readonly addedThisSession = new Set<string>();

  constructor(mediaRoot: string) {
    this.dir = join(mediaRoot, ATTACHMENTS_REL);
  }

  /** The media library's relative path of a stored file (for the window's URL). */
  rel(id: string): string {
    return `${ATTACHMENTS_REL}/${checkedId(id)}`;
  }

  /**
   * Checks the bytes are what their type says (an image by its header, a text file as UTF-8),
   * writes them once (atomically, off main's event loop) and returns the reference to keep.
   */
  async add(raw: AddAttachmentInput): Promise<AttachmentRef> {
    const input = addAttachmentSchema.parse(raw);
    const bytes = Buffer.from(input.data, 'base64');
    const size = isImageMime(input.mime) ? this.imageFacts(input, bytes) : textFacts(bytes);
    const id = `${createHash('sha256').update(bytes).digest('hex')}.${extensionOf(input.mime)}`;
    const path = join(this.dir, id);
    if (!existsSync(path))
      await writingToAsync(this.dir, bytes.byteLength, () => writeFileAtomicAsync(path, bytes));
    this.addedThisSession.add(id);
    return {
      id,
      name: input.name,
      mime: input.mime,
      size: bytes.byteLength,
      ...size,
      ...(isImageMime(input.mime) ? { detail: input.detail ?? 'auto' } : {}),
    };
  }

  private imageFacts(input: AddAttachmentInput, bytes: Buffer): { width: number; height: number } {
    const kind = sniffImage(bytes);
    if (kind !== input.mime)
      throw invalidInput(
        'data',
        kind
          ? `the bytes are ${kind}, not ${input.mime} as mime says`
          : `must be a PNG, JPEG, WebP or GIF image (the bytes are none of them)`,
      );
    const size = imageDimensions(kind, bytes);
    if (!size) throw invalidInput('data', `the ${kind} header is cut short or damaged`);
    return size;
  }

  /** The stored bytes, or an error naming the file when it is no longer there. */
  async read(ref: Pick<AttachmentRef, 'id' | 'name'>): Promise<Buffer> {
    try {
      return await readFile(join(this.dir, checkedId(ref.id)));
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT')
        throw invalidInput(
          'attachments',
          `'${ref.name}' is no longer in the data folder (media/${this.rel(ref.id)}): edit the question to send it without that file`,
        );
      throw err;
    }
  }

  /**
   * Removes the stored files no conversation refers to. `onlyIds` limits it to those (a deleted
   * conversation's); files stored this session are spared then, as a draft may hold them. At
   * start (no `onlyIds`) nothing is held by a draft, so every file not referred to goes, and the
   * temporary files a crash left too. Returns how many files went.
   */
  sweep(referenced: ReadonlySet<string>, onlyIds?: Iterable<string>): number {
    let names: string[];
    try {
      names = onlyIds ? [...onlyIds] : readdirSync(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(this.dir, name);
      const stray = !onlyIds && isTempFileName(name);
      const orphan =
        ATTACHMENT_ID_PATTERN.test(name) &&
        !referenced.has(name) &&
        !(onlyIds && this.addedThisSession.has(name));
      if (!(stray || orphan) || !isFile(path)) continue;
      rmSync(path, { force: true });
      this.addedThisSession.delete(name);
      removed++;
    }
    return removed;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function checkedId(id: string): string {
  // The id becomes a file name: only the store's own form may, so no path can leave the folder.
  if (!ATTACHMENT_ID_PATTERN.test(id)) throw invalidInput('attachments', `'${id}' is not an attachment id`);
  return id;
}

/** A text file must be UTF-8 text: no NUL bytes (a binary file renamed .txt has them). */
function textFacts(bytes: Buffer): Record<string, never> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidInput('data', 'must be UTF-8 text (this file is binary or in another encoding)');
  }
  if (text.includes('\u0000'))
    throw invalidInput('data', 'must be text (the file holds NUL bytes, so it is binary)');
  return {};
}
