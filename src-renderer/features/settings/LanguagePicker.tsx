import { SelectField } from '../../app/SelectField';
import {
  chooseLanguage,
  LANGUAGES,
  type LanguageChoice,
  languageChoice,
  systemLanguage,
  t,
} from '../../i18n/i18n';

const CHOICES: LanguageChoice[] = ['system', ...LANGUAGES];

/** The window's language: the system's by default, or one chosen here (the window reloads in it). */
export function LanguagePicker() {
  const system = t(`settings.language.${systemLanguage(navigator.language)}`);
  return (
    <section className="card" aria-label={t('settings.appearance')}>
      <SelectField
        id="window-language"
        label={t('settings.language')}
        value={languageChoice()}
        options={CHOICES}
        optionLabel={(c) =>
          c === 'system' ? t('settings.language.system', { name: system }) : t(`settings.language.${c}`)
        }
        onChange={chooseLanguage}
        describedBy="window-language-hint"
      >
        <span id="window-language-hint" className="muted small-note">
          {t('settings.languageHint')}
        </span>
      </SelectField>
    </section>
  );
}
