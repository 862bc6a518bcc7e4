import { useMemo, useState } from 'react';
import type { CodeFile, CodeKind } from '../../src-shared/request/view-code';
import { t } from '../i18n/i18n';
import { ViewCode } from './ViewCode';

/** Long data: URLs (picked images) would drown the preview; the body sent still carries them whole. */
export function previewJson(body: unknown): string {
  return JSON.stringify(
    body,
    (_k, v: unknown) =>
      typeof v === 'string' && v.startsWith('data:') && v.length > 80
        ? t('preview.omitted', { start: v.slice(0, 48), n: v.length })
        : v,
    2,
  );
}

/**
 * The JSON body a form will send, extras merged, folded away until asked for. Every form shows
 * one, built by the same function main sends with, so the preview cannot drift from the wire.
 * Written out only while open: a chat's body holds the whole conversation, and serialising a
 * 200,000-character reply into a hidden <pre> on every message would be paid for nothing.
 */
export function RequestPreview({
  body,
  className,
  note,
  codeKind,
  loadCode,
}: {
  body: unknown;
  /** The endpoint, for "View code" beside the preview. */
  codeKind?: CodeKind;
  /** An extra class for the form's own placement. */
  className?: string;
  /** A line under the body, e.g. what the preview leaves out. */
  note?: string;
  /** Where main builds the body View code shows (a chat's whole history): see ViewCode. */
  loadCode?: () => Promise<{ body: Record<string, unknown>; files: CodeFile[] }>;
}) {
  const [open, setOpen] = useState(false);
  const text = useMemo(() => (open ? previewJson(body) : ''), [open, body]);
  const preview = (
    <details
      className={className ? `request-preview ${className}` : 'request-preview'}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{t('preview.title')}</summary>
      <pre aria-label={t('preview.title')}>{text}</pre>
      {note ? <p className="muted small-note">{note}</p> : null}
    </details>
  );
  if (!codeKind) return preview;
  return (
    <div className="request-preview-row">
      {preview}
      <ViewCode kind={codeKind} body={body as Record<string, unknown>} load={loadCode} />
    </div>
  );
}
