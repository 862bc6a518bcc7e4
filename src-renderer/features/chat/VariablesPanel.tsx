import { useMemo } from 'react';
import { variableNames } from '../../../src-shared/chat/prompt-variables';
import { t } from '../../i18n/i18n';
import { useChat } from './chat-store';

/**
 * A field for each `{{name}}` in the system prompt, the message being typed and the questions
 * of the open conversation. Values fill the placeholders in what is sent; the text keeps them.
 */
export function VariablesPanel() {
  const system = useChat((s) => s.system);
  const draft = useChat((s) => s.draft);
  const messages = useChat((s) => s.messages);
  const variables = useChat((s) => s.variables);
  const setVariable = useChat((s) => s.setVariable);
  const names = useMemo(
    () => variableNames([system, draft, ...messages.filter((m) => m.role === 'user').map((m) => m.content)]),
    [system, draft, messages],
  );
  return (
    <fieldset className="variables">
      <legend>{t('vars.title')}</legend>
      {names.length === 0 ? (
        <p className="muted small-note">{t('vars.empty')}</p>
      ) : (
        <>
          {names.map((name) => (
            <div className="field" key={name}>
              <label htmlFor={`var-${name}`}>{`{{${name}}}`}</label>
              <textarea
                id={`var-${name}`}
                rows={1}
                value={variables[name] ?? ''}
                placeholder={t('vars.placeholder')}
                onChange={(e) => setVariable(name, e.target.value)}
              />
            </div>
          ))}
          <p className="muted small-note">{t('vars.note')}</p>
        </>
      )}
    </fieldset>
  );
}
