import type { StateMode } from '../../../src-shared/judge/state-input';
import { t } from '../../i18n/i18n';

const MODES: StateMode[] = ['text', 'json', 'list'];

/** How a state is written: text, a JSON object or a list of texts (one radio group per form). */
export function StateModeRadios({
  name,
  mode,
  onChange,
}: {
  /** The radio group's name, unique in the page. */
  name: string;
  mode: StateMode;
  onChange: (mode: StateMode) => void;
}) {
  return (
    <div className="row" role="radiogroup" aria-label={t('judge.state.mode')}>
      {MODES.map((m) => (
        <label key={m} className="checkbox judge-radio">
          <input type="radio" name={name} value={m} checked={mode === m} onChange={() => onChange(m)} />
          {t(`judge.state.mode.${m}`)}
        </label>
      ))}
    </div>
  );
}
