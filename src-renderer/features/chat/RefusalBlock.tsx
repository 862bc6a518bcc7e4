import { t } from '../../i18n/i18n';
import './chat.css';

/** The model's refusal (`refusal` beside or instead of an answer), labelled so it reads as one. */
export function RefusalBlock({ text }: { text: string }) {
  return (
    <div className="refusal" role="note" aria-label={t('chat.refusal')}>
      <div className="refusal-label">{t('chat.refusal')}</div>
      <div className="refusal-text">{text}</div>
    </div>
  );
}
