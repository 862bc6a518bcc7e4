import { afterAll, describe, expect, it } from 'vitest';
import type { EvalRecord } from '../../src-shared/evals/eval-definition';
import type { EvalRowsPage } from '../../src-shared/evals/eval-rows-import';
import { sampleSpecInput } from '../../src-shared/evals/eval-spec.test-helper';
import { uploadText } from '../core/judge/cases/upload-text';
import { routerCalls, testServices } from './services.test-helper';

const t = testServices();
const { send, call } = routerCalls(t.services);
afterAll(() => t.close());

/** An eval of the sample spec (columns customer, issue; expected gold) with two stored rows. */
async function evalWithRows(): Promise<EvalRecord> {
  const made = await call<EvalRecord>('evals.create', { spec: sampleSpecInput() });
  const jsonl = [
    '{"customer":"Ada","issue":"Late parcel","gold":"sorry"}',
    '{"customer":"Bo","issue":"Broken lid","gold":"refund"}',
  ].join('\n');
  const uploadId = await uploadText(call, jsonl, 'rows.jsonl');
  const mapping = {
    variables: [
      { column: 'customer', name: 'customer' },
      { column: 'issue', name: 'issue' },
    ],
    expected: { column: 'gold', name: 'gold' },
  };
  await call('evals.rows.importConfirm', { evalId: made.id, uploadId, mapping });
  return made;
}

const page = async (id: string) =>
  (await call<EvalRowsPage>('evals.rows.page', { id, from: 0, limit: 10 })).rows;

describe('evals.rows.update', () => {
  it('replaces one row in place and leaves the others as they were', async () => {
    const e = await evalWithRows();
    const row = await call('evals.rows.update', {
      id: e.id,
      position: 1,
      variables: { customer: 'Bo', issue: 'Cracked lid' },
      expected: 'replace',
    });
    expect(row).toEqual({
      position: 1,
      variables: { customer: 'Bo', issue: 'Cracked lid' },
      expected: 'replace',
    });
    expect(await page(e.id)).toEqual([
      { position: 0, variables: { customer: 'Ada', issue: 'Late parcel' }, expected: 'sorry' },
      { position: 1, variables: { customer: 'Bo', issue: 'Cracked lid' }, expected: 'replace' },
    ]);
    // An empty (or absent) expected value is none, as the import reads it.
    await call('evals.rows.update', {
      id: e.id,
      position: 0,
      variables: { customer: 'Ada', issue: 'x' },
      expected: '',
    });
    expect((await page(e.id))[0]).toEqual({ position: 0, variables: { customer: 'Ada', issue: 'x' } });
  });

  it('refuses variables that are not exactly the dataset’s columns, naming the field; writes nothing', async () => {
    const e = await evalWithRows();
    const before = await page(e.id);
    expect(
      await send('evals.rows.update', { id: e.id, position: 0, variables: { customer: 'Ada' } }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'variables: must hold every column of the dataset: “issue” missing',
      },
    });
    expect(
      await send('evals.rows.update', {
        id: e.id,
        position: 0,
        variables: { customer: 'Ada', issue: 'x', topic: 'y' },
      }),
    ).toMatchObject({
      ok: false,
      error: { message: "variables: must hold only the dataset's columns: “topic” is not one" },
    });
    expect(
      await send('evals.rows.update', {
        id: e.id,
        position: 0,
        variables: { customer: 'Ada', issue: 'x'.repeat(100_001) },
      }),
    ).toMatchObject({ ok: false, error: { message: 'variables.issue: must be at most 100,000 characters' } });
    expect(
      await send('evals.rows.update', { id: e.id, position: 0, variables: { customer: 7, issue: 'x' } }),
    ).toMatchObject({ ok: false, error: { message: 'variables.customer: must be a text' } });
    expect(
      await send('evals.rows.update', { id: e.id, position: -1, variables: { customer: 'a', issue: 'b' } }),
    ).toMatchObject({ ok: false, error: { message: 'position: must be 0 or more' } });
    expect(await page(e.id)).toEqual(before);
  });

  it('refuses an expected value when the dataset has none, and a row or eval that does not exist', async () => {
    const spec = sampleSpecInput();
    delete spec.dataset.expectedColumn;
    spec.checks = [];
    delete spec.similarity;
    const bare = await call<EvalRecord>('evals.create', { spec });
    const uploadId = await uploadText(call, '{"customer":"Ada","issue":"Late"}', 'rows.jsonl');
    await call('evals.rows.importConfirm', {
      evalId: bare.id,
      uploadId,
      mapping: {
        variables: [
          { column: 'customer', name: 'customer' },
          { column: 'issue', name: 'issue' },
        ],
      },
    });
    expect(
      await send('evals.rows.update', {
        id: bare.id,
        position: 0,
        variables: { customer: 'Ada', issue: 'Late' },
        expected: 'sorry',
      }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'expected: must be left out: the dataset has no expected column',
      },
    });
    expect(
      await send('evals.rows.update', { id: bare.id, position: 5, variables: { customer: 'a', issue: 'b' } }),
    ).toMatchObject({ ok: false, error: { code: 'not_found', message: 'position: the eval has no row 5' } });
    expect(
      await send('evals.rows.update', { id: 'gone', position: 0, variables: { customer: 'a', issue: 'b' } }),
    ).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
