import { afterAll, describe, expect, it } from 'vitest';
import type { BatchRunView } from '../../src-shared/judge/batch-run';
import type { StoredSet } from '../../src-shared/judge/question-set';
import { routerCalls, testServices } from './services.test-helper';

const t = testServices();
const { send, call } = routerCalls(t.services);
afterAll(() => t.close());

describe('judge.batch.export', () => {
  it('writes a run’s results through the save dialog and refuses a bad format or run', async () => {
    const set = await call<StoredSet>('judge.sets.save', {
      set: {
        name: 'Export route',
        questions: [{ name: 'cats', type: 'noul', instructions: 'The text is about cats' }],
      },
    });
    const run = await call<BatchRunView>('judge.batch.create', {
      setId: set.id,
      model: 'judge-1.13.0',
      cases: [{ id: 'c1', state: { mode: 'text', text: 'A cat' } }],
    });
    const where = await call<string | null>('judge.batch.export', { id: run.id, format: 'csv' });
    expect(where).toMatch(/Export-route-\d{4}-\d{2}-\d{2}\.results\.csv$/);
    expect(t.saved.at(-1)).toMatch(/\.results\.csv$/);

    expect(await send('judge.batch.export', { id: run.id, format: 'xml' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'format: must be csv or jsonl' },
    });
    expect(await send('judge.batch.export', { id: 'gone', format: 'jsonl' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('neutralises a formula state in CSV unless raw CSV is asked for, and checks the choice', async () => {
    const set = await call<StoredSet>('judge.sets.save', {
      set: { name: 'Formula run', questions: [{ name: 'cats', type: 'noul', instructions: 'Cats?' }] },
    });
    const run = await call<BatchRunView>('judge.batch.create', {
      setId: set.id,
      model: 'judge-1.13.0',
      cases: [{ id: 'c1', state: { mode: 'text', text: "+cmd|' /C calc'!A0" } }],
    });
    const stateCell = async (extra: Record<string, unknown>) => {
      const where = await call<string>('judge.batch.export', { id: run.id, format: 'csv', ...extra });
      const name = where.split(/[\\/]/).at(-1)!;
      return t.savedText.get(name)!.split('\r\n')[1].split(',')[1];
    };
    expect(await stateCell({})).toBe("'+cmd|' /C calc'!A0");
    expect(await stateCell({ rawCsv: true })).toBe("+cmd|' /C calc'!A0");
    expect(await send('judge.batch.export', { id: run.id, format: 'csv', rawCsv: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'rawCsv: must be true or false' },
    });
  });
});
