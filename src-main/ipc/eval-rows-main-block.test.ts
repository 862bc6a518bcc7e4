import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalRecord } from '../../src-shared/evals/eval-definition';
import type {
  EvalRowsImportResult,
  EvalRowsPage,
  EvalRowsPreview,
  EvalSummary,
} from '../../src-shared/evals/eval-rows-import';
import { uploadText } from '../core/judge/cases/upload-text';
import { routerCalls } from './services.test-helper';
import { openWorkerServices, type WorkerServices } from './worker-services.test-helper';

/*
 * An eval's dataset of 100,000 rows through the routes (docs/architecture.md, "Evals (in
 * progress)"): no handler may hold main's event loop for 50 ms, measured as
 * judge-runs-main-block.test.ts does (a 10 ms timer's lateness, counted only while main's own
 * thread used the CPU, so a loaded machine and the worker threads do not count). The preview is
 * read in main's short turns; the import runs in a worker thread. Wall times are printed, never
 * asserted: speed targets belong in `npm run bench`.
 */
const STALL_BOUND_MS = 50;
const ROWS = 100_000;

const MESSAGES = [
  'The verification code for signing in never reaches my phone.',
  'My parcel was due on Monday and the tracking page has not moved since.',
  'The blender arrived with a cracked jug; can I get a replacement?',
  'I was charged twice for the same order this month.',
];

/** JSONL rows as the sample dataset has them, numbered so any row can be checked. */
function datasetText(rows: number): string {
  const lines: string[] = [];
  for (let i = 0; i < rows; i++)
    lines.push(
      JSON.stringify({
        customer_name: `Customer ${i}`,
        product: i % 2 ? 'blender' : 'online account',
        order_id: String(10_000 + i),
        customer_message: `${MESSAGES[i % MESSAGES.length]} (row ${i})`,
      }),
    );
  return `${lines.join('\n')}\n`;
}

let h: WorkerServices;
let t: WorkerServices['t'];
let call: ReturnType<typeof routerCalls>['call'];
let evalId: string;
let uploadId: string;

beforeAll(async () => {
  h = await openWorkerServices('gatehouse-eval-rows-block-');
  ({ t, call } = h);
  const made = await call<EvalRecord>('evals.create', {
    spec: {
      name: 'Big dataset',
      dataset: {
        source: { kind: 'stored' },
        columns: ['customer_name', 'product', 'order_id', 'customer_message'],
      },
      variants: [{ id: 'v', name: 'V', system: '', user: 'Customer: {{customer_message}}' }],
      targets: [{ id: 't', profileId: 'sandbox', model: 'sandbox-chat-1' }],
    },
  });
  evalId = made.id;
  uploadId = await uploadText(call, datasetText(ROWS), 'big.jsonl');
}, 120_000);

afterAll(() => h?.close());

const watched = <T>(name: string, route: string, input: unknown) => h.watched<T>(name, route, input);

describe(`the dataset routes over ${ROWS.toLocaleString('en')} rows never hold main for ${STALL_BOUND_MS} ms`, () => {
  it('preview, import, a page far down and the list', async () => {
    const preview = await watched<EvalRowsPreview>('preview', 'evals.rows.importPreview', {
      evalId,
      uploadId,
    });
    expect(preview.result).toMatchObject({ rowCount: ROWS, validCount: ROWS, problemCount: 0 });
    expect.soft(preview.maxStallMs).toBeLessThan(STALL_BOUND_MS);
    expect(await call<EvalRowsPage>('evals.rows.page', { id: evalId, from: 0, limit: 1 })).toEqual({
      rows: [],
      total: 0,
    });

    const imported = await watched<EvalRowsImportResult>('import', 'evals.rows.importConfirm', {
      evalId,
      uploadId,
      mapping: preview.result.mapping,
    });
    expect(imported.result).toMatchObject({ added: ROWS, skippedCount: 0 });
    expect.soft(imported.maxStallMs).toBeLessThan(STALL_BOUND_MS);

    const far = await watched<EvalRowsPage>('page far down', 'evals.rows.page', {
      id: evalId,
      from: ROWS - 100,
      limit: 500,
    });
    expect(far.result.total).toBe(ROWS);
    expect(far.result.rows).toHaveLength(100);
    expect(far.result.rows.at(-1)).toMatchObject({
      position: ROWS - 1,
      variables: { customer_name: `Customer ${ROWS - 1}`, order_id: String(10_000 + ROWS - 1) },
    });
    expect.soft(far.maxStallMs).toBeLessThan(STALL_BOUND_MS);

    const list = await watched<EvalSummary[]>('list', 'evals.list', {});
    expect(list.result.find((e) => e.id === evalId)?.rows).toBe(ROWS);
    expect.soft(list.maxStallMs).toBeLessThan(STALL_BOUND_MS);
  }, 240_000);

  it('writes nothing when the upload is discarded while the worker reads it', async () => {
    const before = await call<EvalRowsPage>('evals.rows.page', { id: evalId, from: 0, limit: 1 });
    const second = await uploadText(call, datasetText(ROWS).replaceAll('Customer ', 'Other '), 'again.jsonl');
    const { send } = routerCalls(t.services);
    const mapping = {
      variables: ['customer_name', 'product', 'order_id', 'customer_message'].map((c) => ({
        column: c,
        name: c,
      })),
      expected: null,
    };
    const outcome = send('evals.rows.importConfirm', { evalId, uploadId: second, mapping });
    // Discarded once the worker has begun to read (its progress reached the window).
    const reading = (e: { name: string; payload: unknown }) =>
      e.name === 'judge.cases.importProgress' && (e.payload as { uploadId: string }).uploadId === second;
    for (let i = 0; i < 2_000 && !t.events.some(reading); i++) await new Promise((r) => setTimeout(r, 5));
    expect(await call('judge.cases.upload.discard', { uploadId: second })).toBe(true);
    expect(await outcome).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(await call<EvalRowsPage>('evals.rows.page', { id: evalId, from: 0, limit: 1 })).toEqual(before);
  }, 120_000);
});
