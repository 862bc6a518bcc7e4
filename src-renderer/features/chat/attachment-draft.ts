import { create } from 'zustand';
import type { AttachmentRef } from '../../../src-shared/chat/attachments';
import { type ImageDetail, isImageMime, MAX_ATTACHMENTS } from '../../../src-shared/chat/attachment-rules';
import { asAppError, call } from '../../bridge/api';
import { t } from '../../i18n/i18n';
import { knownAttachmentUrl, rememberAttachmentUrl } from './attachment-url';

/** One file on the composer: being read and sent to main, kept there (with its reference), or refused. */
export interface DraftFile {
  key: string;
  name: string;
  state: 'adding' | 'ready' | 'failed';
  ref?: AttachmentRef;
  /** Where main serves the kept file (its thumbnail). */
  url?: string;
  error?: string;
}

interface AttachmentDraft {
  files: DraftFile[];
  /** Images larger than the long side are made smaller before they are sent (attachment-read.ts). */
  downscale: boolean;
  /** The `detail` the message's images are sent with. */
  detail: ImageDetail;
  add: (files: readonly File[]) => Promise<void>;
  remove: (key: string) => void;
  setDownscale: (on: boolean) => void;
  setDetail: (detail: ImageDetail) => void;
  /** The kept files' references for the message being sent, the composer then emptied. */
  take: () => AttachmentRef[];
  /** Puts references back on the composer (a send that was refused). */
  restore: (refs: readonly AttachmentRef[]) => void;
}

let counter = 0;

/**
 * The files on the composer, apart from the chat store so the message list never re-renders for
 * them. Each file is read and sent to main once (`chat.attachments.add`); only its reference and
 * address come back (docs/architecture.md, "Chat attachments").
 */
export const useAttachmentDraft = create<AttachmentDraft>((set, get) => ({
  files: [],
  downscale: true,
  detail: 'auto',
  add: async (incoming) => {
    const room = MAX_ATTACHMENTS - get().files.filter((f) => f.state !== 'failed').length;
    const entries = incoming.map((file, i) => ({ file, key: `file-${++counter}`, over: i >= room }));
    set((s) => ({
      files: [
        ...s.files,
        ...entries.map(({ file, key, over }) =>
          over
            ? failed(key, file.name, t('chat.attachTooMany', { count: MAX_ATTACHMENTS }))
            : { key, name: file.name, state: 'adding' as const },
        ),
      ],
    }));
    // The reading code (and its canvas) loads with the first file, not with the window.
    const { readForUpload, RefusedFile } = await import('./attachment-read');
    await Promise.all(
      entries
        .filter((e) => !e.over)
        .map(async ({ file, key }) => {
          try {
            const input = await readForUpload(file, get().downscale);
            const added = await call('chat.attachments.add', input);
            rememberAttachmentUrl(added.ref.id, added.url);
            update(key, { state: 'ready', name: added.ref.name, ref: added.ref, url: added.url });
          } catch (err) {
            update(
              key,
              failed(key, file.name, err instanceof RefusedFile ? err.message : asAppError(err).message),
            );
          }
        }),
    );
  },
  remove: (key) => set((s) => ({ files: s.files.filter((f) => f.key !== key) })),
  setDownscale: (downscale) => set({ downscale }),
  setDetail: (detail) => set({ detail }),
  take: () => {
    const { files, detail } = get();
    set({ files: [] });
    return files
      .flatMap((f) => (f.state === 'ready' && f.ref ? [f.ref] : []))
      .map((ref) => (isImageMime(ref.mime) ? { ...ref, detail } : ref));
  },
  restore: (refs) =>
    set((s) => ({
      files: [
        ...refs.map((ref) => ({
          key: `file-${++counter}`,
          name: ref.name,
          state: 'ready' as const,
          ref,
          url: knownAttachmentUrl(ref.id),
        })),
        ...s.files,
      ],
    })),
}));

function failed(key: string, name: string, error: string): DraftFile {
  return { key, name, state: 'failed', error };
}

function update(key: string, patch: Partial<DraftFile>): void {
  useAttachmentDraft.setState((s) => ({
    files: s.files.map((f) => (f.key === key ? { ...f, ...patch } : f)),
  }));
}

/** Whether the composer holds a file still being added (Send waits for it). */
export const addingFiles = (s: AttachmentDraft) => s.files.some((f) => f.state === 'adding');
/** Whether the composer holds a kept file (a message may be only files). */
export const readyFiles = (s: AttachmentDraft) => s.files.some((f) => f.state === 'ready');
