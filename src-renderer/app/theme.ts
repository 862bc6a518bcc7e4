export const THEMES = ['system', 'light', 'dark'] as const;
/** The window's colours: the system's (followed live), or one chosen in Settings. */
export type ThemeChoice = (typeof THEMES)[number];

/**
 * Where the choice is kept: a window preference, like the language (i18n.ts). public/theme-boot.js
 * reads it at start, before the page is drawn.
 */
const STORAGE_KEY = 'gatehouse.theme';

export function themeChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Marks <html> with the chosen theme; app.css sets `color-scheme` from it, and every colour is a
 * `light-dark()` pair, so "system" follows the system's setting as it changes with no script.
 */
export function applyTheme(choice: ThemeChoice = themeChoice()): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused (a locked-down profile): the choice still holds until the window closes.
  }
  applyTheme(choice);
}
