import type { AttachmentRef } from './attachments';

/**
 * Files attached to a user's message: images sent as `image_url` parts, text files as text parts
 * with their names. The bytes live in the data folder, content-addressed; a message keeps only
 * these references (docs/architecture.md, "Chat attachments"). These rules need no zod, so the
 * window's first screen uses them without loading it; the schemas are in attachments.ts.
 */

export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const TEXT_MIMES = ['text/plain', 'text/markdown', 'text/csv', 'application/json'] as const;
export const ATTACHMENT_MIMES = [...IMAGE_MIMES, ...TEXT_MIMES] as const;
export type AttachmentMime = (typeof ATTACHMENT_MIMES)[number];

/** Largest image kept, in bytes (after any downscale): OpenAI's is 20 MB, the Sandbox's 10 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest text file, in bytes: its text goes into the prompt whole. */
export const MAX_TEXT_FILE_BYTES = 512 * 1024;
/** Most files on one message. */
export const MAX_ATTACHMENTS = 10;
/** The long side the optional downscale brings a larger image to (Anthropic's advice, 1568 px). */
export const DOWNSCALE_LONG_SIDE = 1568;
export const IMAGE_DETAILS = ['auto', 'low', 'high'] as const;
export type ImageDetail = (typeof IMAGE_DETAILS)[number];

const EXTENSION: Record<AttachmentMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'application/json': 'json',
};

export function extensionOf(mime: AttachmentMime): string {
  return EXTENSION[mime];
}

export function isImageMime(mime: string): mime is (typeof IMAGE_MIMES)[number] {
  return (IMAGE_MIMES as readonly string[]).includes(mime);
}

/** The stored file's name: the SHA-256 of its bytes and the extension of its type. */
export const ATTACHMENT_ID_PATTERN = /^[0-9a-f]{64}\.(png|jpg|webp|gif|txt|md|csv|json)$/;

/** What `chat.attachments.add` answers: the reference to keep and where the window shows it. */
export interface AddedAttachment {
  ref: AttachmentRef;
  url: string;
}

/**
 * Stands for the id in the address `chat.attachments.urlTemplate` answers: the window puts a
 * file's id in its place (the address's form differs between Electron and browser mode).
 */
export const ATTACHMENT_URL_ID = 'ATTACHMENT-ID';

/** A code or text file's type by its name, when the system gave none it knows. */
export function textMimeFor(name: string, given: string): (typeof TEXT_MIMES)[number] | undefined {
  if ((TEXT_MIMES as readonly string[]).includes(given)) return given as (typeof TEXT_MIMES)[number];
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  if (ext === 'md' || ext === 'markdown') return 'text/markdown';
  if (ext === 'csv') return 'text/csv';
  if (ext === 'json') return 'application/json';
  if (ext && TEXT_EXTENSIONS.has(ext)) return 'text/plain';
  return given.startsWith('text/') ? 'text/plain' : undefined;
}

const TEXT_EXTENSIONS = new Set(
  (
    'txt text log tsv jsonl ndjson yaml yml toml ini cfg conf env xml html htm css scss less ' +
    'js jsx mjs cjs ts tsx mts cts vue svelte py rb go rs java kt kts scala swift c h cc cpp hpp cs ' +
    'php pl lua r sql sh bash zsh fish ps1 bat dockerfile makefile gradle proto graphql tex rst'
  ).split(' '),
);

/**
 * A text file as the text part sent: its name, then its text fenced so that backticks inside it
 * cannot close the fence (a fence longer than any run of backticks in the text).
 */
export function textFilePart(name: string, text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `File: ${name}\n${fence}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}`;
}

/**
 * Every attachment id a list of messages refers to, their versions included. Written for raw
 * stored JSON too (migration 9 reads rows before any schema): what is not the expected shape is
 * passed over.
 */
export function attachmentIdsIn(messages: readonly unknown[], into = new Set<string>()): Set<string> {
  for (const m of messages) {
    if (typeof m !== 'object' || m === null) continue;
    const { attachments, alternatives } = m as { attachments?: unknown; alternatives?: unknown };
    if (Array.isArray(attachments))
      for (const a of attachments) {
        const id = (a as { id?: unknown } | null)?.id;
        if (typeof id === 'string' && ATTACHMENT_ID_PATTERN.test(id)) into.add(id);
      }
    if (Array.isArray(alternatives))
      for (const tail of alternatives) if (Array.isArray(tail)) attachmentIdsIn(tail, into);
  }
  return into;
}
