import { useState } from 'react';
import { SelectField } from '../../app/SelectField';
import { chooseTheme, THEMES, themeChoice } from '../../app/theme';
import { t } from '../../i18n/i18n';

/** The window's colours: the system's by default (followed as it changes), or light or dark. */
export function ThemePicker() {
  const [choice, setChoice] = useState(themeChoice);
  return (
    <SelectField
      id="window-theme"
      label={t('settings.theme')}
      value={choice}
      options={THEMES}
      optionLabel={(c) => t(`settings.theme.${c}`)}
      onChange={(c) => {
        setChoice(c);
        chooseTheme(c);
      }}
    />
  );
}
