import { describe, expect, it, vi } from 'vitest';
import { en } from './en';
import { formatDateTime, formatNumber, speakForTests, systemLanguage, t } from './i18n';
import { zhCN } from './zh-CN';

/** Values that read the same in Chinese by design: a name, keys on a keyboard. */
const SAME_IN_BOTH = new Set([
  'app.title',
  // An HTTP header as it is sent: the same words in every language.
  'settings.auth.bearer',
  'keys.send',
  'keys.stop',
  'keys.mod.other',
  'code.lang.curl',
  'code.lang.python',
  'code.lang.node',
  'setCode.lang.typescript',
  'setCode.lang.python',
  'setCode.lang.curl',
]);

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** What is left of a value once names that stay as written are taken out. */
function prose(value: string): string {
  return value
    .replace(/\{\w+\}/g, ' ') // placeholders
    .replace(/https?:\/\/\S+/g, ' ') // addresses
    .replace(/`[^`]*`/g, ' ') // code
    .replace(/\$[A-Z_]+/g, ' ') // environment variables
    .replace(/\b[a-z]+(?:[-_.][a-z0-9]+)+\b/g, ' ') // ids such as judge-1.13.0, top_p
    .replace(/"[^"]*"/g, ' ') // JSON examples
    .replace(/\b(?:[A-Z]{2,}|null|true|false)\b/g, ' '); // acronyms (HTTP, JSON), JSON literals
}
const hasChinese = (s: string) => /[\u3400-\u9fff]/.test(s);

describe('the catalogs', () => {
  it('have the same keys in English and Simplified Chinese', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it('keep every placeholder of the English value', () => {
    const differing = Object.keys(en).filter(
      (k) =>
        placeholders(en[k as keyof typeof en]).join() !== placeholders(zhCN[k as keyof typeof en]).join(),
    );
    expect(differing).toEqual([]);
  });

  it('have no Chinese value that is still English', () => {
    const english = Object.entries(zhCN).filter(
      ([key, value]) => !SAME_IN_BOTH.has(key) && !hasChinese(value) && /[A-Za-z]{3,}/.test(prose(value)),
    );
    expect(english).toEqual([]);
  });

  it('write dates as the browser’s own toLocale… methods do, in both languages', async () => {
    const { formatDate, formatTime, formatWhen } = await import('./i18n');
    const at = Date.UTC(2025, 2, 4, 9, 5, 7);
    for (const [language, catalog] of [
      ['zh-CN', zhCN],
      ['en', en],
    ] as const) {
      speakForTests(language, catalog);
      const d = new Date(at);
      expect(formatDateTime(at)).toBe(
        d.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }),
      );
      expect(formatDate(at)).toBe(d.toLocaleDateString(language, { dateStyle: 'medium' }));
      expect(formatTime(at)).toBe(d.toLocaleTimeString(language));
      expect(formatWhen(at, at + 1000)).toBe(
        d.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' }),
      );
      expect(formatWhen(at, Date.UTC(2025, 5, 1))).toBe(
        d.toLocaleDateString(language, { month: 'short', day: 'numeric' }),
      );
      expect(formatWhen(at, Date.UTC(2026, 5, 1))).toBe(
        d.toLocaleDateString(language, { month: 'short', day: 'numeric', year: 'numeric' }),
      );
    }
  });

  it('pick Simplified Chinese for a Chinese system, else English', () => {
    expect(systemLanguage('zh-CN')).toBe('zh-CN');
    expect(systemLanguage('zh')).toBe('zh-CN');
    expect(systemLanguage('zh-Hans-SG')).toBe('zh-CN');
    expect(systemLanguage('zh-TW')).toBe('en');
    expect(systemLanguage('en-GB')).toBe('en');
    expect(systemLanguage(undefined)).toBe('en');
  });

  it('speak the chosen language, dates included', () => {
    speakForTests('zh-CN', zhCN);
    try {
      expect(t('settings.addProfile')).toBe('添加配置');
      expect(t('common.confirmDelete', { name: '生产' })).toBe('删除“生产”？此操作无法撤销。');
      expect(formatNumber(1234567.5)).toBe('1,234,567.5');
      expect(formatDateTime(Date.UTC(2026, 10, 24, 12))).toContain('2026年11月24日');
    } finally {
      speakForTests('en', en);
    }
    expect(t('settings.addProfile')).toBe('Add profile');
  });
});

describe("the tabs' own strings", () => {
  it('are not in the start catalog, and arrive with their tab (loadMessages)', async () => {
    // A fresh copy of the module, without what the test setup loaded for every component test.
    vi.resetModules();
    const fresh = await import('./i18n');
    const oneOfEach = {
      judge: 'cases.import',
      media: 'media.sections',
      video: 'video.create',
      settings: 'settings.profiles',
    } as const;
    for (const key of Object.values(oneOfEach)) expect(fresh.t(key)).toBe(key);
    expect(fresh.t('common.cancel')).toBe('Cancel');
    expect(fresh.t('tab.settings')).toBe('Settings');
    for (const [part, key] of Object.entries(oneOfEach)) {
      await fresh.loadMessages(part as keyof typeof oneOfEach);
      expect(fresh.t(key)).toBe(en[key]);
    }
  });

  it('come in Chinese too: those loaded before the switch, and those loaded after it', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    await fresh.loadMessages('video');
    await fresh.loadLanguage('zh-CN');
    expect(fresh.t('video.create')).toBe(zhCN['video.create']);
    await fresh.loadMessages('settings');
    expect(fresh.t('settings.profiles')).toBe(zhCN['settings.profiles']);
    expect(fresh.t('settings.profiles')).not.toBe(en['settings.profiles']);
  });

  it('are kept out of the core part, which holds everything else', async () => {
    const { enCore } = await import('./en/core');
    const parts = [
      (await import('./en/workbench')).enWorkbench,
      (await import('./en/media')).media,
      (await import('./en/video')).video,
      (await import('./en/settings')).settings,
      (await import('./en/log')).log,
      (await import('./en/errors')).errors,
      (await import('./en/evalRuns')).evalRuns,
      (await import('./en/evals')).evals,
    ].map((part) => Object.keys(part));
    const core = Object.keys(enCore);
    for (const part of parts) expect(part.filter((k) => core.includes(k))).toEqual([]);
    expect([...core, ...parts.flat()].sort()).toEqual(Object.keys(en).sort());
  });

  it('are asked for only by their own tab, which loads them first', async () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../i18n/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const folders = {
      judge: 'features/judge/',
      media: 'features/media/',
      video: 'features/video/',
      settings: 'features/settings/',
      log: 'features/log/',
      errors: 'app/ErrorNotice',
      evalRuns: 'features/evals/runs/',
      evals: 'features/evals/',
    };
    const keysOf = {
      judge: Object.keys((await import('./en/workbench')).enWorkbench),
      media: Object.keys((await import('./en/media')).media),
      video: Object.keys((await import('./en/video')).video),
      settings: Object.keys((await import('./en/settings')).settings),
      log: Object.keys((await import('./en/log')).log),
      errors: Object.keys((await import('./en/errors')).errors),
      evalRuns: Object.keys((await import('./en/evalRuns')).evalRuns),
      evals: Object.keys((await import('./en/evals')).evals),
    };
    // The Evals tab shares the case import's dialog, so its part loads the case strings too (i18n.ts).
    const casesKeys = Object.keys((await import('./en/judgeCases')).judgeCases);
    const sharedWith = (file: string, part: string, key: string) =>
      part === 'judge' && file.includes(folders.evals) && casesKeys.includes(key);
    const strays: string[] = [];
    for (const [file, text] of Object.entries(sources))
      for (const [part, keys] of Object.entries(keysOf))
        if (!file.includes(folders[part as keyof typeof folders]))
          for (const key of keys)
            if (text.includes(`'${key}'`) && !sharedWith(file, part, key)) strays.push(`${file}: ${key}`);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(strays).toEqual([]);
  });
});
