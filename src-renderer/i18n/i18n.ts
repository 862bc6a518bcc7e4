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
 * renders, and each other tab's strings (both languages) come with the tab (`loadMessages`).
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

/**
 * The parts of the catalog loaded with their tab (the request log's with its panel, the errors'
 * with the error notice), in each language (docs/architecture.md, "The window"): they are not in the first screen's JavaScript.
 */
const PARTS = {
  errors: {
    en: () => import('./en/errors').then((m) => m.errors),
    'zh-CN': () => import('./zh-CN/errors').then((m) => m.errors),
  },
  log: {
    en: () => import('./en/log').then((m) => m.log),
    'zh-CN': () => import('./zh-CN/log').then((m) => m.log),
  },
  media: {
    en: () => import('./en/media').then((m) => m.media),
    'zh-CN': () => import('./zh-CN/media').then((m) => m.media),
  },
  video: {
    en: () => import('./en/video').then((m) => m.video),
    'zh-CN': () => import('./zh-CN/video').then((m) => m.video),
  },
  settings: {
    en: () => import('./en/settings').then((m) => m.settings),
    'zh-CN': () => import('./zh-CN/settings').then((m) => m.settings),
  },
  judge: {
    en: () => import('./en/workbench').then((m) => m.enWorkbench),
    'zh-CN': () => import('./zh-CN/workbench').then((m) => m.zhWorkbench),
  },
  // An eval's runs and results: loaded with their view (features/evals/runs), apart from the
  // eval's editor, since the matrix is its own lazy chunk.
  evalRuns: {
    en: () => import('./en/evalRuns').then((m) => m.evalRuns),
    'zh-CN': () => import('./zh-CN/evalRuns').then((m) => m.evalRuns),
  },
  // The Evals tab's own strings, and the case import's, whose dialog it shares.
  evals: {
    en: () =>
      Promise.all([import('./en/evals'), import('./en/judgeCases')]).then(([e, c]) => ({
        ...c.judgeCases,
        ...e.evals,
      })),
    'zh-CN': () =>
      Promise.all([import('./zh-CN/evals'), import('./zh-CN/judgeCases')]).then(([e, c]) => ({
        ...c.judgeCases,
        ...e.evals,
      })),
  },
} satisfies Record<string, Record<Language, () => Promise<Partial<Catalog>>>>;
export type MessagePart = keyof typeof PARTS;

/** Parts asked for so far, and each part's load per language. */
const wantedParts = new Set<MessagePart>();
const partLoads = new Map<string, Promise<void>>();
const loadPart = (part: MessagePart, language: Language): Promise<void> => {
  const id = `${part}:${language}`;
  let load = partLoads.get(id);
  if (!load) {
    load = PARTS[part][language]().then((strings) => {
      Object.assign((catalogs[language] ??= {}), strings);
    });
    // A failed load may be tried again (the tab's import fails and shows its error too).
    load.catch(() => partLoads.delete(id));
    partLoads.set(id, load);
  }
  return load;
};

/**
 * Loads the chosen language's catalog (main.tsx awaits it before the first render), so a
 * window in English never downloads the Chinese one and the reverse costs one small file. The
 * parts the tabs opened so far come in that language too.
 */
export async function loadLanguage(choice?: LanguageChoice): Promise<void> {
  const wanted = pickLanguage(choice);
  try {
    if (wanted === 'zh-CN') {
      catalogs['zh-CN'] = { ...(await import('./zh-CN/core')).zhCore, ...catalogs['zh-CN'] };
      await Promise.all([...wantedParts].map((part) => loadPart(part, 'zh-CN')));
    }
    active = wanted;
  } catch {
    // The window must open whatever happens: in English, if the catalog cannot be loaded.
    active = 'en';
  }
}

/**
 * A tab's strings, in English (the fallback of every key) and in the language the window speaks:
 * the tab's lazy import waits for them (app/tabs.tsx), so they never weigh on the first screen.
 */
export function loadMessages(part: MessagePart): Promise<void> {
  wantedParts.add(part);
  const loads = [loadPart(part, 'en')];
  if (active !== 'en') loads.push(loadPart(part, active));
  return Promise.all(loads).then(() => undefined);
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

/**
 * One formatter per language and style, made once: `toLocaleString` with options builds a new
 * formatter at every call (about a tenth of a millisecond), and a list re-rendered with a time
 * per row paid for each row (docs/architecture.md, "The window").
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${active} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(active, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A moment as date and time, in the window's language. */
export function formatDateTime(ms: number): string {
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** A day, in the window's language (a certificate's last valid day). */
export function formatDate(ms: number): string {
  return dateFormat({ dateStyle: 'medium' }).format(ms);
}

/** A moment in a list: the time if it is today, else the day (with the year if not this one). */
export function formatWhen(ms: number, now = Date.now()): string {
  const at = new Date(ms);
  const today = new Date(now);
  if (at.toDateString() === today.toDateString())
    return dateFormat({ hour: '2-digit', minute: '2-digit' }).format(at);
  return dateFormat(
    at.getFullYear() === today.getFullYear()
      ? { month: 'short', day: 'numeric' }
      : { month: 'short', day: 'numeric', year: 'numeric' },
  ).format(at);
}

/** A moment's time of day, in the window's language. */
export function formatTime(ms: number): string {
  return dateFormat({ hour: 'numeric', minute: 'numeric', second: 'numeric' }).format(ms);
}

/** The shortcut modifier as the user's keyboard shows it. */
export function modKey(): string {
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return t(mac ? 'keys.mod.mac' : 'keys.mod.other');
}
