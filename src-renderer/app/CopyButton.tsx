import { useState } from 'react';
import { t } from '../i18n/i18n';

/**
 * Copies `text` and says so until the text changes (another language, another model): "Copied",
 * or, when the clipboard refuses (no permission, no focus), that the text can be selected instead.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState<{ text: string; ok: boolean }>();
  const shown = done?.text === text ? done : undefined;
  return (
    <button
      type="button"
      className="small"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setDone({ text, ok: true }),
          () => setDone({ text, ok: false }),
        )
      }
    >
      {shown ? (shown.ok ? t('common.copied') : t('common.copyFailed')) : label}
    </button>
  );
}
