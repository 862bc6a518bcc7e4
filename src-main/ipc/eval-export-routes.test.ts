import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import type { EvalRecord, EvalSpecInput } from '../../src-shared/evals/eval-definition';
import { evalRepository } from '../core/db/eval-repository';
import { parseCsv } from '../core/judge/cases/csv';
import { routerCalls, testServices } from './services.test-helper';

const t = testServices();
const { send, call } = routerCalls(t.services);
afterAll(() => t.close());

const spec: EvalSpecInput = {
  name: 'Export route',
  dataset: { source: { kind: 'stored' }, columns: ['customer'] },
  variants: [{ id: 'A', name: 'Plain', user: 'Hello from {{customer}}' }],
  targets: [{ id: 'one', profileId: 'sandbox', model: 'sandbox-chat-1' }],
  checks: [{ kind: 'max-length', chars: 100 }],
};

/** An eval with two rows and a run whose first row is done (the run routes are another piece). */
async function runWithCells(customer: string) {
  const record = await call<EvalRecord>('evals.create', { spec });
  const db = t.services.env.database;
  const evals = evalRepository({ db, notices: t.services.env.notices });
  evals.appendRows(record.id, [{ variables: { customer } }, { variables: { customer: 'Bo' } }]);
  const { id: _id, createdAt: _c, updatedAt: _u, ...definition } = record;
  const run = t.services.evalRuns.putRun({
    id: `run-${record.id}`,
    evalId: record.id,
    state: 'done',
    createdAt: Date.UTC(2026, 10, 27),
    updatedAt: 1,
    spec: definition,
    plan: {
      rows: 2,
      variants: 1,
      targets: 1,
      repeats: 1,
      columns: 1,
      cells: 2,
      judgeCalls: 0,
      embeddingInputs: 0,
    },
  });
  t.services.evalRuns.putCell({
    runId: run.id,
    row: 0,
    variantId: 'A',
    targetId: 'one',
    sample: 0,
    cacheKey: 'k',
    state: 'done',
    reply: { text: 'Hi there' },
    latencyMs: 10,
    checks: [{ kind: 'max-length', pass: true, reason: '8 characters' }],
    updatedAt: 1,
  });
  return run;
}

describe('evals.runs.export', () => {
  it('writes a run’s cells through the save dialog, formula cells neutralised unless raw', async () => {
    const run = await runWithCells('=HYPERLINK("http://evil.example")');
    const where = await call<string | null>('evals.runs.export', { runId: run.id, format: 'csv' });
    expect(where).toMatch(/Export-route-2026-11-27\.results\.csv$/);
    const name = t.saved.at(-1)!;
    const [header, ...lines] = parseCsv(t.savedText.get(name)!).map((r) => r.fields);
    expect(lines).toHaveLength(1);
    expect(lines[0][header.indexOf('customer')]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(lines[0][header.indexOf('reply')]).toBe('Hi there');

    await call('evals.runs.export', { runId: run.id, format: 'csv', rawCsv: true });
    const [rawHeader, raw] = parseCsv(t.savedText.get(t.saved.at(-1)!)!).map((r) => r.fields);
    expect(raw[rawHeader.indexOf('customer')]).toBe('=HYPERLINK("http://evil.example")');

    await call('evals.runs.export', { runId: run.id, format: 'jsonl' });
    expect(t.saved.at(-1)).toMatch(/\.results\.jsonl$/);
    const jsonl = t.savedText.get(t.saved.at(-1)!)!.trim().split('\n');
    expect(JSON.parse(jsonl[0])).toMatchObject({ row: 1, reply: { text: 'Hi there' } });
    // Made in a temporary file and copied where the user picked; the temporary file is gone.
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('gatehouse-eval-export-'))).toEqual([]);
  });

  it('refuses a bad format, a bad id and a run that is gone, by field', async () => {
    const run = await runWithCells('Al');
    expect(await send('evals.runs.export', { runId: run.id, format: 'xml' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'format: must be csv or jsonl' },
    });
    expect(await send('evals.runs.export', { runId: '../x', format: 'csv' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'runId: must be an eval run id' },
    });
    expect(await send('evals.runs.export', { runId: 'gone', format: 'csv' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

describe('evals.runs.report', () => {
  it('writes the run’s report through the save dialog, in the language asked', async () => {
    const run = await runWithCells('<script>alert(1)</script>');
    const where = await call<string | null>('evals.runs.report', { runId: run.id, language: 'en' });
    expect(where).toMatch(/Export-route-2026-11-27\.report\.html$/);
    const html = t.savedText.get(t.saved.at(-1)!)!;
    expect(html).toContain('<h1>Eval report: Export route</h1>');
    // The one done cell passed its check: 1 of 1 row, with its Wilson interval.
    expect(html).toMatch(/100\.0% \[\d+\.\d%, 100\.0%\] <span class="muted small">n=1<\/span>/);
    expect(html).not.toContain('<script>');

    await call('evals.runs.report', { runId: run.id, language: 'zh-CN' });
    expect(t.savedText.get(t.saved.at(-1)!)!).toContain('<h1>评测报告：Export route</h1>');
  });

  it('refuses a language it has no words for, and a run that is gone', async () => {
    const run = await runWithCells('Al');
    expect(await send('evals.runs.report', { runId: run.id, language: 'fr' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'language: must be one of en, zh-CN' },
    });
    expect(await send('evals.runs.report', { runId: 'gone', language: 'en' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
