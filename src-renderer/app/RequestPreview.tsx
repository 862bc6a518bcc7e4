import { useMemo } from 'react';
import { t } from '../i18n/i18n';

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
 */
export function RequestPreview({
  body,
  className,
  note,
}: {
  body: unknown;
  /** An extra class for the form's own placement. */
  className?: string;
  /** A line under the body, e.g. what the preview leaves out. */
  note?: string;
}) {
  const text = useMemo(() => previewJson(body), [body]);
  return (
    <details className={className ? `request-preview ${className}` : 'request-preview'}>
      <summary>{t('preview.title')}</summary>
      <pre aria-label={t('preview.title')}>{text}</pre>
      {note ? <p className="muted small-note">{note}</p> : null}
    </details>
  );
}
