import { useEffect, useState } from 'react';
import { type ExtraEndpoint, parseExtraText } from '../../src-shared/request/extra-body';
import { t } from '../i18n/i18n';
import { extraProblemText } from './extra-problem-text';

interface Props {
  /** Unique per form: the textarea's id, and its error's. */
  id: string;
  endpoint: ExtraEndpoint;
  /** The editor's text as typed; kept as is, even while it is not valid JSON. */
  text: string;
  onChange: (text: string) => void;
}

/**
 * "Extra body fields": a JSON object the form adds to its request. Checked on every keystroke
 * with the rules main applies; the problem shows right under the text, and the form refuses to
 * send while there is one (see each form's submit). Opens by itself when it holds something.
 */
export function ExtraFieldsEditor({ id, endpoint, text, onChange }: Props) {
  const parsed = parseExtraText(text, endpoint);
  const problem = parsed.ok ? undefined : extraProblemText(parsed.problem);
  const count = parsed.ok && parsed.value ? Object.keys(parsed.value).length : 0;
  const [open, setOpen] = useState(text.trim() !== '');
  // Reopening a record with extras fills the text from outside: show it.
  useEffect(() => {
    if (text.trim() !== '') setOpen(true);
  }, [text]);
  const errId = `${id}-err`;
  return (
    <details
      className="extra-fields"
      open={open || problem !== undefined}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>
        {t('extra.title')}{' '}
        {count > 0 ? <span className="muted">{t('extra.count', { n: count })}</span> : null}
      </summary>
      <div className="field">
        <label htmlFor={id}>{t('extra.label')}</label>
        <textarea
          id={id}
          className="mono"
          rows={4}
          spellCheck={false}
          value={text}
          placeholder={t('extra.placeholder')}
          aria-invalid={problem !== undefined}
          aria-describedby={problem ? errId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {problem ? (
          <span id={errId} className="field-error" role="alert">
            {problem}
          </span>
        ) : null}
        <span className="muted small-note">{t('extra.hint')}</span>
        <span className="muted small-note">{t('extra.note')}</span>
      </div>
    </details>
  );
}
