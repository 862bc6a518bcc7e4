import { afterAll, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../core/db/open-database';
import { seedBigRun } from '../test-support/big-judge-run';
import { routerCalls, testServices } from './services.test-helper';

const database = openMemoryDatabase();
const big = seedBigRun(database, 200);
const t = testServices({ database });
const { send, call } = routerCalls(t.services);
afterAll(() => t.close());

describe('judge.report.save', () => {
  it('writes a run’s agreement as one HTML file through the save path, in the language asked', async () => {
    const where = await call<string | null>('judge.report.save', {
      kind: 'agreement',
      id: big.runA,
      language: 'en',
    });
    expect(where).toMatch(/A-big-set-agreement-\d{4}-\d{2}-\d{2}\.report\.html$/);
    const name = where!.split(/[\\/]/).at(-1)!;
    const html = t.savedText.get(name)!;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<h1>Agreement report: A big set</h1>');
    // The figures are the route's own agreement's.
    const ag = await call<{
      questions: { question: string; type: string; intervals?: { accuracy?: { lower: number } } }[];
    }>('judge.batch.agreement', { id: big.runA });
    const noul = ag.questions.find((q) => q.type === 'noul')!;
    expect(html).toContain(`${(noul.intervals!.accuracy!.lower * 100).toFixed(1)}%`);
    expect(html).toContain('Made by Gatehouse test on ');

    const zh = await call<string>('judge.report.save', {
      kind: 'agreement',
      id: big.runA,
      language: 'zh-CN',
    });
    expect(t.savedText.get(zh.split(/[\\/]/).at(-1)!)).toContain('<h1>一致性报告：A big set</h1>');
  });

  it('writes two runs’ drift with its paired statistics', async () => {
    const where = await call<string>('judge.report.save', {
      kind: 'drift',
      a: big.runA,
      b: big.runB,
      language: 'en',
    });
    expect(where).toMatch(/A-big-set-drift-\d{4}-\d{2}-\d{2}\.report\.html$/);
    const html = t.savedText.get(where.split(/[\\/]/).at(-1)!)!;
    expect(html).toContain('<h1>Drift report: A big set</h1>');
    expect(html).toContain('Is the difference real?');
    expect(html).toContain('class="chart chart-forest"');
  });

  it('refuses bad input naming the field and the rule, and a run that is gone', async () => {
    expect(
      await send('judge.report.save', { kind: 'agreement', id: big.runA, language: 'fr' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'language: must be one of en, zh-CN' },
    });
    expect(await send('judge.report.save', { kind: 'summary', id: big.runA, language: 'en' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('kind must be agreement or drift') },
    });
    expect(
      await send('judge.report.save', { kind: 'drift', a: big.runA, b: big.runA, language: 'en' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'b: must be another run than a' },
    });
    expect(await send('judge.report.save', { kind: 'agreement', id: 'gone', language: 'en' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(
      await send('judge.report.save', { kind: 'agreement', id: '../../etc/passwd', language: 'en' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'id: must be a saved batch run id' },
    });
  });

  it('resolves to null and writes nothing when the dialog is cancelled', async () => {
    const cancelled = testServices({
      database,
      desktop: { saveFileAs: async () => null, saveTextAs: async () => null, notify: () => undefined },
    });
    const r = routerCalls(cancelled.services);
    expect(await r.call('judge.report.save', { kind: 'agreement', id: big.runA, language: 'en' })).toBeNull();
    cancelled.close();
  });
});
