import { useState } from 'react';
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

/** The window's language: the system's by default, or one chosen here (the window speaks it at once). */
export function LanguagePicker() {
  const [choice, setChoice] = useState(languageChoice);
  const system = t(`settings.language.${systemLanguage(navigator.language)}`);
  return (
    <SelectField
      id="window-language"
      label={t('settings.language')}
      value={choice}
      options={CHOICES}
      optionLabel={(c) =>
        c === 'system' ? t('settings.language.system', { name: system }) : t(`settings.language.${c}`)
      }
      onChange={(c) => {
        setChoice(c);
        void chooseLanguage(c);
      }}
      describedBy="window-language-hint"
    >
      <span id="window-language-hint" className="muted small-note">
        {t('settings.languageHint')}
      </span>
    </SelectField>
  );
}
