import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { EvalRecord, EvalSpecInput } from '../../src-shared/evals/eval-definition';
import type {
  EvalRowsImportResult,
  EvalRowsPage,
  EvalRowsPreview,
  EvalSummary,
} from '../../src-shared/evals/eval-rows-import';
import { sampleSpecInput } from '../../src-shared/evals/eval-spec.test-helper';
import { uploadText } from '../core/judge/cases/upload-text';
import { routerCalls, testServices } from './services.test-helper';

const t = testServices();
const { send, call } = routerCalls(t.services);
afterAll(() => t.close());

const SAMPLE_ROWS = readFileSync(
  new URL('../../resources/samples/support-eval-rows.jsonl', import.meta.url),
  'utf8',
);

/** The sample eval's shape: its prompts use the sample dataset's four columns. */
function supportSpec(): EvalSpecInput {
  return {
    name: 'Support',
    dataset: {
      source: { kind: 'stored' },
      columns: ['customer_name', 'product', 'order_id', 'customer_message'],
    },
    variants: [
      {
        id: 'plain',
        name: 'Plain',
        system: 'Answer the question.',
        user: 'Customer message: {{customer_message}}',
      },
      {
        id: 'steps',
        name: 'Steps',
        system: 'Apologise, give steps and resolve it.',
        user: 'Name: {{customer_name}}\nProduct: {{product}}\nOrder: {{order_id}}\nCustomer: {{customer_message}}',
      },
    ],
    targets: [{ id: 'a', profileId: 'sandbox', model: 'sandbox-chat-1' }],
  };
}

describe('evals routes', () => {
  it('creates, lists, gets, updates and deletes an eval; a missing one is not_found', async () => {
    const made = await call<EvalRecord>('evals.create', { spec: sampleSpecInput() });
    expect(made).toMatchObject({ name: 'Support replies', repeats: 2 });
    expect(made.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await call<EvalRecord>('evals.get', { id: made.id })).toEqual(made);
    const list = await call<EvalSummary[]>('evals.list', {});
    expect(list.find((e) => e.id === made.id)).toMatchObject({
      name: 'Support replies',
      rows: 0,
      variants: 2,
      targets: 2,
    });

    const updated = await call<EvalRecord>('evals.update', {
      id: made.id,
      spec: { ...sampleSpecInput(), name: 'Renamed', repeats: 3 },
    });
    expect(updated).toMatchObject({ id: made.id, name: 'Renamed', repeats: 3, createdAt: made.createdAt });
    expect((await call<EvalRecord>('evals.get', { id: made.id })).name).toBe('Renamed');

    expect(await call('evals.delete', { id: made.id })).toBeNull();
    for (const route of ['evals.get', 'evals.delete', 'evals.exportFile'])
      expect(await send(route, { id: made.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await send('evals.update', { id: made.id, spec: sampleSpecInput() })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await send('evals.rows.page', { id: made.id, from: 0, limit: 10 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('refuses a bad definition, naming the field and the rule', async () => {
    const spec = sampleSpecInput();
    spec.variants[0].user = 'Hello {{missing_column}}';
    const r = await send('evals.create', { spec });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!r.ok && r.error.message).toContain(
      'spec.variants.0.user: uses {{missing_column}}, which is not a column',
    );
    expect(await send('evals.create', { spec: { ...sampleSpecInput(), repeats: 11 } })).toMatchObject({
      ok: false,
      error: { message: 'spec.repeats: must be from 1 to 10' },
    });
    expect(await send('evals.create', { spec: { ...sampleSpecInput(), colour: 'red' } })).toMatchObject({
      ok: false,
      error: { message: 'spec: has no field “colour”' },
    });
    expect(await send('evals.get', { id: 'not an id' })).toMatchObject({
      ok: false,
      error: { message: 'id: must be an eval id' },
    });
    expect(await send('evals.rows.page', { id: 'e1', from: 0, limit: 501 })).toMatchObject({
      ok: false,
      error: { message: 'limit: must be from 1 to 500' },
    });
    expect(await send('evals.importFile', { text: 'x'.repeat(5_000_001) })).toMatchObject({
      ok: false,
      error: { message: 'text: must be at most 5 MB' },
    });
  });

  it('exports the eval file and imports it back as the same definition', async () => {
    const made = await call<EvalRecord>('evals.create', { spec: sampleSpecInput() });
    expect(await call('evals.exportFile', { id: made.id })).toMatch(/Support-replies\.eval\.json$/);
    const text = t.savedText.get('Support-replies.eval.json')!;
    expect(JSON.parse(text)).toMatchObject({ gatehouse: 'eval', version: 1, name: 'Support replies' });
    const imported = await call<EvalRecord>('evals.importFile', { text });
    expect(imported.id).not.toBe(made.id);
    const strip = ({ id: _i, createdAt: _c, updatedAt: _u, ...spec }: EvalRecord) => spec;
    expect(strip(imported)).toEqual(strip(made));
    await call('evals.exportFile', { id: imported.id });
    expect(t.savedText.get('Support-replies.eval.json')).toBe(text);

    const newer = text.replace('"version": 1', '"version": 2');
    expect(await send('evals.importFile', { text: newer })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringContaining('version: is 2: the file was written by a newer Gatehouse'),
      },
    });
    const broken = await send('evals.importFile', { text: text.replace('"Terse"', '""') });
    expect(broken).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'text: variants[0].name: is required' },
    });
    expect(await send('evals.importFile', { text: '{' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^text: is not JSON/) },
    });
  });

  it('imports the sample dataset: preview writes nothing, Confirm stores the rows and the columns', async () => {
    const made = await call<EvalRecord>('evals.create', { spec: supportSpec() });
    const uploadId = await uploadText(call, SAMPLE_ROWS, 'support-eval-rows.jsonl');
    const preview = await call<EvalRowsPreview>('evals.rows.importPreview', { evalId: made.id, uploadId });
    expect(preview).toMatchObject({
      format: 'jsonl',
      columns: ['customer_name', 'product', 'order_id', 'customer_message'],
      rowCount: 200,
      validCount: 200,
      problems: [],
      replaces: 0,
      mapping: {
        variables: [
          { column: 'customer_name', name: 'customer_name' },
          { column: 'product', name: 'product' },
          { column: 'order_id', name: 'order_id' },
          { column: 'customer_message', name: 'customer_message' },
        ],
        expected: null,
      },
    });
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[0]).toEqual({
      line: 1,
      variables: {
        customer_name: 'Chen',
        product: 'online account',
        order_id: '80762',
        customer_message: 'The verification code for signing in never reaches my phone.',
      },
    });
    expect((await call<EvalRowsPage>('evals.rows.page', { id: made.id, from: 0, limit: 10 })).total).toBe(0);

    const result = await call<EvalRowsImportResult>('evals.rows.importConfirm', {
      evalId: made.id,
      uploadId,
      mapping: preview.mapping,
    });
    expect(result).toMatchObject({ added: 200, skippedCount: 0, notes: [] });
    expect(result.eval.dataset).toEqual({
      source: { kind: 'stored' },
      columns: ['customer_name', 'product', 'order_id', 'customer_message'],
    });
    expect(t.services.caseUploads.open).toBe(0);
    const page = await call<EvalRowsPage>('evals.rows.page', { id: made.id, from: 198, limit: 10 });
    expect(page.total).toBe(200);
    expect(page.rows.map((r) => r.position)).toEqual([198, 199]);
    const lines = SAMPLE_ROWS.trim().split('\n');
    expect(page.rows[1].variables).toEqual(JSON.parse(lines[199]));
    expect((await call<EvalSummary[]>('evals.list', {})).find((e) => e.id === made.id)?.rows).toBe(200);
  });

  it('reports a bad line by its number and writes nothing before Confirm; Confirm replaces the rows', async () => {
    const made = await call<EvalRecord>('evals.create', { spec: sampleSpecInput() });
    const csv = 'customer,issue,gold\nAda,Late parcel,sorry\nBo,"unclosed\n';
    const jsonl = [
      '{"customer":"Ada","issue":"Late parcel","gold":"sorry"}',
      '{"customer":"Bo","issue":"Broken lid"',
      '{"customer":"Cy"}',
      '{"customer":"Di","issue":{"k":1},"gold":null}',
    ].join('\n');
    const uploadId = await uploadText(call, jsonl, 'rows.jsonl');
    const mapping = {
      variables: [
        { column: 'customer', name: 'customer' },
        { column: 'issue', name: 'issue' },
      ],
      expected: { column: 'gold', name: 'gold' },
    };
    const preview = await call<EvalRowsPreview>('evals.rows.importPreview', { evalId: made.id, uploadId });
    expect(preview.mapping).toEqual(mapping);
    expect(preview.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^line 2, row: /),
      'line 3, column `issue`: is missing',
    ]);
    expect(preview).toMatchObject({ rowCount: 4, validCount: 2, problemCount: 2 });
    expect(preview.rows).toEqual([
      { line: 1, variables: { customer: 'Ada', issue: 'Late parcel' }, expected: 'sorry' },
      { line: 4, variables: { customer: 'Di', issue: '{"k":1}' } },
    ]);
    expect((await call<EvalRowsPage>('evals.rows.page', { id: made.id, from: 0, limit: 10 })).total).toBe(0);

    // A mapping naming a column the file lacks: refused by field, nothing written.
    const wrong = { ...mapping, variables: [{ column: 'nope', name: 'customer' }, mapping.variables[1]] };
    expect(
      await send('evals.rows.importConfirm', { evalId: made.id, uploadId, mapping: wrong }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/^mapping\.variables\.0\.column: column “nope” is not in the file/),
      },
    });
    expect((await call<EvalRowsPage>('evals.rows.page', { id: made.id, from: 0, limit: 10 })).total).toBe(0);

    const result = await call<EvalRowsImportResult>('evals.rows.importConfirm', {
      evalId: made.id,
      uploadId,
      mapping,
    });
    expect(result).toMatchObject({ added: 2, skippedCount: 2, skipped: [{ line: 2 }, { line: 3 }] });
    const page = await call<EvalRowsPage>('evals.rows.page', { id: made.id, from: 0, limit: 10 });
    expect(page.rows).toEqual([
      { position: 0, variables: { customer: 'Ada', issue: 'Late parcel' }, expected: 'sorry' },
      { position: 1, variables: { customer: 'Di', issue: '{"k":1}' } },
    ]);

    // A CSV whose only data row is broken: the preview names its line; Confirm writes nothing.
    const bad = await uploadText(call, csv.replace('Ada,Late parcel,sorry\n', ''), 'rows.csv');
    const badPreview = await call<EvalRowsPreview>('evals.rows.importPreview', {
      evalId: made.id,
      uploadId: bad,
    });
    expect(badPreview.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^line 2, /)]);
    expect(await send('evals.rows.importConfirm', { evalId: made.id, uploadId: bad, mapping })).toMatchObject(
      {
        ok: false,
        error: { code: 'invalid_input', message: 'file: has no row to import (1 left out)' },
      },
    );
    expect((await call<EvalRowsPage>('evals.rows.page', { id: made.id, from: 0, limit: 10 })).total).toBe(2);
  });

  it('keeps the dataset consistent with the prompts: a mapping that drops a placeholder is refused', async () => {
    const made = await call<EvalRecord>('evals.create', { spec: sampleSpecInput() });
    const uploadId = await uploadText(call, 'who,issue\nAda,Late\n', 'rows.csv');
    const preview = await call<EvalRowsPreview>('evals.rows.importPreview', { evalId: made.id, uploadId });
    expect(preview.problems.map((p) => p.message)).toContainEqual(
      expect.stringMatching(/^mapping: variants\[0\]\.user: uses \{\{customer\}\}, which is not a column/),
    );
    const mapping = {
      variables: [
        { column: 'who', name: 'who' },
        { column: 'issue', name: 'issue' },
      ],
      expected: null,
    };
    expect(await send('evals.rows.importConfirm', { evalId: made.id, uploadId, mapping })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/^mapping: the eval does not fit these columns/),
      },
    });
    // Renamed to the prompt's name, it fits; after that, an update may not change the columns.
    const renamed = { ...mapping, variables: [{ column: 'who', name: 'customer' }, mapping.variables[1]] };
    const spec = sampleSpecInput();
    spec.checks = [];
    spec.similarity = undefined;
    spec.dataset.expectedColumn = undefined;
    await call('evals.update', { id: made.id, spec });
    const done = await call<EvalRowsImportResult>('evals.rows.importConfirm', {
      evalId: made.id,
      uploadId,
      mapping: renamed,
    });
    expect(done.added).toBe(1);
    expect(
      await send('evals.update', {
        id: made.id,
        spec: { ...spec, dataset: { ...spec.dataset, columns: ['customer', 'issue', 'extra'] } },
      }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/^spec\.dataset: must keep the columns/),
      },
    });
  });

  it('reads CSV with an expected column and a JSON array by item; a missing eval or upload is not_found', async () => {
    const made = await call<EvalRecord>('evals.create', { spec: sampleSpecInput() });
    const csv = await uploadText(
      call,
      'customer,issue,Expected\nAda,"Late, again",sorry\nBo,Lid,\n',
      'rows.csv',
    );
    const fromCsv = await call<EvalRowsPreview>('evals.rows.importPreview', {
      evalId: made.id,
      uploadId: csv,
    });
    expect(fromCsv.mapping?.expected).toEqual({ column: 'Expected', name: 'Expected' });
    expect(fromCsv.rows).toEqual([
      { line: 2, variables: { customer: 'Ada', issue: 'Late, again' }, expected: 'sorry' },
      { line: 3, variables: { customer: 'Bo', issue: 'Lid' } },
    ]);
    const json = await uploadText(call, '[{"customer":"Ada","issue":"Late"},{"customer":7}]', 'rows.json');
    const fromJson = await call<EvalRowsPreview>('evals.rows.importPreview', {
      evalId: made.id,
      uploadId: json,
    });
    expect(fromJson).toMatchObject({ format: 'json', rowCount: 2, validCount: 1 });
    expect(fromJson.problems.map((p) => p.message)).toContain('item 2, column `issue`: is missing');

    expect(await send('evals.rows.importPreview', { evalId: 'gone', uploadId: json })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'That eval no longer exists.' },
    });
    await call('judge.cases.upload.discard', { uploadId: json });
    expect(await send('evals.rows.importPreview', { evalId: made.id, uploadId: json })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await send('evals.rows.importPreview', { evalId: made.id, uploadId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/^uploadId: must be the id main gave/) },
    });
  });
});
