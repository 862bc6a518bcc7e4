import { en } from './en';

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

/** Other languages fill the same keys; a missing key falls back to English. */
const catalogs: Record<string, Partial<Catalog>> = { en };

function pickLocale(): string {
  const lang = typeof navigator !== 'undefined' ? navigator.language : 'en';
  return catalogs[lang] ? lang : catalogs[lang.split('-')[0]] ? lang.split('-')[0] : 'en';
}

const active = catalogs[pickLocale()] ?? en;

export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = active[key] ?? en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The shortcut modifier as the user's keyboard shows it. */
export function modKey(): string {
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return t(mac ? 'keys.mod.mac' : 'keys.mod.other');
}
