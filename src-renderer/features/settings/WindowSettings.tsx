import { t } from '../../i18n/i18n';
import { LanguagePicker } from './LanguagePicker';
import { ThemePicker } from './ThemePicker';

/** The window's own preferences, kept in the window (not in a profile): language and theme. */
export function WindowSettings() {
  return (
    <section className="card window-settings" aria-label={t('settings.appearance')}>
      <LanguagePicker />
      <ThemePicker />
    </section>
  );
}
