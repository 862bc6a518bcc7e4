import type { en } from './en';
import { enCore } from './en/core';

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
/** What the user chose in Settings: a language, or whatever the system's is. */
export type LanguageChoice = Language | 'system';

/**
 * English's core strings are built in; another language's core is loaded before the window first
 * renders, and the judge workbench's strings (both languages) come with the Judge tab.
 */
const catalogs: Partial<Record<Language, Partial<Catalog>>> = { en: { ...enCore } };
/** Where the choice is kept: a window preference, like the layout (ui-store.ts). */
const STORAGE_KEY = 'gatehouse.language';

/** The system's language as one of ours: any Chinese but Traditional becomes Simplified. */
export function systemLanguage(tag: string | undefined): Language {
  const lower = (tag ?? 'en').toLowerCase();
  return lower.startsWith('zh') && !/^zh-(hant|tw|hk|mo)/.test(lower) ? 'zh-CN' : 'en';
}

export function languageChoice(): LanguageChoice {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved && (LANGUAGES as readonly string[]).includes(saved) ? (saved as Language) : 'system';
  } catch {
    return 'system';
  }
}

function pickLanguage(
  choice: LanguageChoice = typeof localStorage === 'undefined' ? 'system' : languageChoice(),
): Language {
  if (choice !== 'system') return choice;
  return systemLanguage(typeof navigator !== 'undefined' ? navigator.language : undefined);
}

let active: Language = 'en';

let workbench: Promise<void> | undefined;
let zhWorkbench: Promise<void> | undefined;
const loadZhWorkbench = () =>
  (zhWorkbench ??= import('./zh-CN/workbench').then((m) => {
    Object.assign((catalogs['zh-CN'] ??= {}), m.zhWorkbench);
  }));

/**
 * Loads the chosen language's catalog (main.tsx awaits it before the first render), so a
 * window in English never downloads the Chinese one and the reverse costs one small file. When
 * the Judge tab has already brought the workbench's strings, their twin comes too.
 */
export async function loadLanguage(choice?: LanguageChoice): Promise<void> {
  const wanted = pickLanguage(choice);
  try {
    if (wanted === 'zh-CN') {
      catalogs['zh-CN'] = { ...(await import('./zh-CN/core')).zhCore, ...catalogs['zh-CN'] };
      if (workbench) await Promise.all([workbench, loadZhWorkbench()]);
    }
    active = wanted;
  } catch {
    // The window must open whatever happens: in English, if the catalog cannot be loaded.
    active = 'en';
  }
}

/**
 * The judge workbench's strings, in English and in the language the window speaks: the Judge
 * tab waits for them as it loads, so they never weigh on the first screen.
 */
export function loadWorkbenchMessages(): Promise<void> {
  workbench ??= (async () => {
    Object.assign(catalogs.en!, (await import('./en/workbench')).enWorkbench);
    if (active === 'zh-CN') await loadZhWorkbench();
  })();
  return workbench;
}

/** The language the window speaks now (also the locale dates and numbers are written in). */
export function activeLanguage(): Language {
  return active;
}

const listeners = new Set<() => void>();

/** Called after the window's language changes (InLanguage.tsx renders the window again in it). */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Keeps the choice and speaks it at once, without a reload: a reload would start the window
 * afresh on its first tab, and the user chose from Settings.
 */
export async function chooseLanguage(choice: LanguageChoice): Promise<void> {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused: the choice still holds until the window closes.
  }
  const before = active;
  await loadLanguage(choice);
  if (active !== before) for (const listener of listeners) listener();
}

/** For tests: speak `language`, from `catalog`, from now on. */
export function speakForTests(language: Language, catalog: Catalog): void {
  catalogs[language] = catalog;
  active = language;
}

export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogs[active]?.[key] ?? catalogs.en?.[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A count or amount written the way the window's language writes numbers. */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return n.toLocaleString(active, options);
}

/** A moment as date and time, in the window's language. */
export function formatDateTime(ms: number): string {
  return new Date(ms).toLocaleString(active, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A day, in the window's language (a certificate's last valid day). */
export function formatDate(ms: number): string {
  return new Date(ms).toLocaleDateString(active, { dateStyle: 'medium' });
}

/** A moment in a list: the time if it is today, else the day (with the year if not this one). */
export function formatWhen(ms: number, now = Date.now()): string {
  const at = new Date(ms);
  const today = new Date(now);
  if (at.toDateString() === today.toDateString())
    return at.toLocaleTimeString(active, { hour: '2-digit', minute: '2-digit' });
  const year = at.getFullYear() === today.getFullYear() ? undefined : 'numeric';
  return at.toLocaleDateString(active, { month: 'short', day: 'numeric', year });
}

/** A moment's time of day, in the window's language. */
export function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(active);
}

/** The shortcut modifier as the user's keyboard shows it. */
export function modKey(): string {
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return t(mac ? 'keys.mod.mac' : 'keys.mod.other');
}
