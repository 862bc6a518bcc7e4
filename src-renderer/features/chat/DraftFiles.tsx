import { lazy, Suspense } from 'react';
import { useAttachmentDraft } from './attachment-draft';

const ComposerAttachments = lazy(() => import('./ComposerAttachments'));

/**
 * The files on the composer (the chat's and side by side's share them), loaded with the first
 * file so the first screen does not carry their code.
 */
export function DraftFiles() {
  const anyFile = useAttachmentDraft((s) => s.files.length > 0);
  return anyFile ? (
    <Suspense fallback={null}>
      <ComposerAttachments />
    </Suspense>
  ) : null;
}
