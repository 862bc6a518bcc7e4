import type { ExtraBody } from '../../src-shared/request/extra-body';
import { t } from '../i18n/i18n';

/** A saved record's extra body fields, on one line, so a result says what else was asked. */
export function SavedExtraLine({ extra }: { extra: ExtraBody | undefined }) {
  if (!extra || Object.keys(extra).length === 0) return null;
  return (
    <div className="muted small-note">
      {t('extra.saved')} <code>{JSON.stringify(extra)}</code>
    </div>
  );
}
