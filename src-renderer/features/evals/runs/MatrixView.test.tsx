import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EvalCellMark, EvalRunView } from '../../../../src-shared/evals/eval-run-views';
import { installFakeBridge } from '../../../test/fake-bridge';
import { EvalRunsView } from './EvalRunsView';
import { resetEvalProgress } from './run-progress-store';
import { cellDetail, cellsRow, comparison, runStats, runView, storedCell } from './runs-fixtures.test-helper';

/** A 100,000-row run whose pages are made on demand, its marks kept, every call recorded. */
function bridge(run: EvalRunView = runView()) {
  const marks = new Map<string, EvalCellMark>();
  const keyOf = (i: { row: number; variantId: string }) => `${i.row}/${i.variantId}`;
  return installFakeBridge({
    'evals.runs.list': () => [run],
    'evals.runs.cells': (input) => {
      const { from, limit } = input as { from: number; limit: number };
      const n = Math.max(0, Math.min(limit, run.plan.rows - from));
      const rows = Array.from({ length: n }, (_, k) => {
        const row = cellsRow(from + k);
        for (const c of row.cells) c.mark = marks.get(`${row.position}/${c.variantId}`);
        return row;
      });
      return { total: run.plan.rows, rows };
    },
    'evals.runs.cell': (input) =>
      cellDetail({ mark: marks.get(keyOf(input as { row: number; variantId: string })) }),
    'evals.runs.mark': (input) => {
      const i = input as { row: number; variantId: string; mark: EvalCellMark | null };
      if (i.mark) marks.set(keyOf(i), i.mark);
      else marks.delete(keyOf(i));
      return cellDetail({ mark: i.mark ?? undefined });
    },
    'evals.runs.retryCell': () => storedCell({ reply: { text: 'sent again' } }),
    'evals.runs.stats': () => runStats(),
    'evals.runs.compare': () => comparison(),
  });
}

function renderView() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <EvalRunsView evalId="eval-1" />
    </QueryClientProvider>,
  );
}

const cellCalls = (fake: ReturnType<typeof bridge>) =>
  fake.calls.filter((c) => c.route === 'evals.runs.cells');

beforeEach(() => resetEvalProgress());

describe('the matrix of a 100,000-row run', () => {
  it('renders only the rows in view, and fetches pages as they scroll in', async () => {
    const fake = bridge();
    renderView();
    const table = await screen.findByRole('table', { name: 'Results matrix' });
    expect(await within(table).findByText('short reply 0')).toBeTruthy();
    expect(table.getAttribute('aria-rowcount')).toBe('100001');
    // 480 px of 96 px rows plus the overscan: a dozen rows, never the run.
    const rendered = within(table).getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(20);
    expect(cellCalls(fake).map((c) => c.input)).toEqual([{ runId: 'run-1', from: 0, limit: 100 }]);

    table.scrollTop = 50_000 * 96;
    fireEvent.scroll(table);
    expect(await within(table).findByText('short reply 50000')).toBeTruthy();
    expect(within(table).queryByText('short reply 0')).toBeNull();
    expect(within(table).getAllByRole('row').length - 1).toBeLessThan(20);
    expect(cellCalls(fake).at(-1)?.input).toEqual({ runId: 'run-1', from: 50_000, limit: 100 });
  });

  it('renders only the columns in view of 16 (4 prompts × 4 targets), and the others as they scroll in', async () => {
    const ids = ['v1', 'v2', 'v3', 'v4'];
    const run = runView({
      variants: ids.map((id) => ({ id, name: id.toUpperCase() })),
      targets: ['t1', 't2', 't3', 't4'].map((id) => ({ id, profileId: 'sandbox', model: `model-${id}` })),
    });
    installFakeBridge({
      'evals.runs.list': () => [run],
      'evals.runs.cells': () => ({
        total: run.plan.rows,
        rows: [{ position: 0, variables: { q: 'q' }, cells: [] }],
      }),
    });
    renderView();
    const table = await screen.findByRole('table', { name: 'Results matrix' });
    expect(table.getAttribute('aria-colcount')).toBe('17');
    // 1,024 px less the 210 px row column shows four 270 px columns (the fourth in part), plus one past them.
    const heads = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.getAttribute('aria-colindex'));
    await waitFor(() => expect(heads()).toEqual(['1', '2', '3', '4', '5', '6']));
    table.scrollLeft = 10 * 270;
    fireEvent.scroll(table);
    await waitFor(() => expect(heads()).toEqual(['1', '11', '12', '13', '14', '15', '16']));
    expect(within(table).getByRole('columnheader', { name: /V3 · model-t4/ })).toBeTruthy();
  });

  it('shows a failed check and the grades as chips, latency and tokens in each cell', async () => {
    bridge();
    renderView();
    const cell = await screen.findByRole('button', { name: 'Row 2, Warm · sandbox-chat-1: open' });
    expect(cell.textContent).toContain('checks ✗ 1');
    expect(cell.textContent).toContain('helpful: 3');
    expect(cell.textContent).toContain('210 ms');
    expect(cell.textContent).toContain('30 → 12 tokens');
  });

  it('shows the spread of repeats: k of N passed and the range of a score', async () => {
    const run = runView({ repeats: 3 }, 10);
    installFakeBridge({
      'evals.runs.list': () => [run],
      'evals.runs.cells': () => ({
        total: 1,
        rows: [
          {
            position: 0,
            variables: { question: 'q' },
            cells: [0, 1, 2].map((sample) => ({
              variantId: 'short',
              targetId: 'chat1',
              sample,
              state: 'done' as const,
              replyPreview: `sample ${sample}`,
              checks: sample === 1 ? { pass: 0, fail: 1, unknown: 0 } : { pass: 1, fail: 0, unknown: 0 },
              grades: [{ name: 'helpful', kind: 'score', position: sample + 1 }],
            })),
          },
        ],
      }),
    });
    renderView();
    const cell = await screen.findByRole('button', { name: 'Row 1, Short · sandbox-chat-1: open' });
    expect(cell.textContent).toContain('2 of 3 passed');
    expect(cell.textContent).toContain('helpful: 1–3');
    expect(cell.textContent).toContain('3 of 3 samples');
  });
});

describe('a cell of the matrix', () => {
  it('opens in full with its checks and reasons, and Escape closes it', async () => {
    bridge();
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Row 1, Short · sandbox-chat-1: open' }));
    const detail = await screen.findByRole('dialog', { name: 'Row 1 · Short · sandbox-chat-1' });
    expect(await within(detail).findByText('Your order ships tomorrow, full reply.')).toBeTruthy();
    expect(within(detail).getByText('412 characters, more than 300')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'View code' })).toBeTruthy();
    fireEvent.keyDown(detail, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: /Row 1/ })).toBeNull();
  });

  it('is marked good from its detail: the route is called and the matrix shows the mark', async () => {
    const fake = bridge();
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Row 1, Short · sandbox-chat-1: open' }));
    const detail = await screen.findByRole('dialog', { name: /Row 1/ });
    fireEvent.click(await within(detail).findByRole('button', { name: 'Good' }));
    await waitFor(() =>
      expect(within(detail).getByRole('button', { name: 'Good' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(fake.calls.find((c) => c.route === 'evals.runs.mark')?.input).toEqual({
      runId: 'run-1',
      row: 0,
      variantId: 'short',
      targetId: 'chat1',
      sample: 0,
      mark: 'good',
    });
    const cell = screen.getByRole('button', { name: 'Row 1, Short · sandbox-chat-1: open' });
    await waitFor(() => expect(cell.textContent).toContain('✓ good'));
    // The grader's agreement with the marks is in the stats: they are asked again.
    await waitFor(() => expect(fake.calls.filter((c) => c.route === 'evals.runs.stats')).toHaveLength(2));
  });

  it('is marked bad with B on the focused cell, and B again clears the mark', async () => {
    const fake = bridge();
    renderView();
    const cell = await screen.findByRole('button', { name: 'Row 3, Warm · sandbox-chat-1: open' });
    fireEvent.keyDown(cell, { key: 'b' });
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Row 3, Warm · sandbox-chat-1: open' }).textContent,
      ).toContain('✗ bad'),
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'Row 3, Warm · sandbox-chat-1: open' }), {
      key: 'b',
    });
    await waitFor(() => expect(fake.calls.filter((c) => c.route === 'evals.runs.mark')).toHaveLength(2));
    expect(
      fake.calls.filter((c) => c.route === 'evals.runs.mark').map((c) => (c.input as { mark: unknown }).mark),
    ).toEqual(['bad', null]);
  });

  it('moves between cells with the arrow keys', async () => {
    bridge();
    renderView();
    const first = await screen.findByRole('button', { name: 'Row 1, Short · sandbox-chat-1: open' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Row 2, Short · sandbox-chat-1: open');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Row 2, Warm · sandbox-chat-1: open');
    // The last column and the first row hold the focus where it is.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Row 1, Warm · sandbox-chat-1: open');
  });

  it('is sent again by Retry this cell, and the matrix fetches its page again', async () => {
    const fake = bridge();
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Row 1, Short · sandbox-chat-1: open' }));
    const detail = await screen.findByRole('dialog', { name: /Row 1/ });
    const before = cellCalls(fake).length;
    fireEvent.click(await within(detail).findByRole('button', { name: 'Retry this cell' }));
    await waitFor(() => expect(fake.calls.some((c) => c.route === 'evals.runs.retryCell')).toBe(true));
    expect(fake.calls.find((c) => c.route === 'evals.runs.retryCell')?.input).toEqual({
      runId: 'run-1',
      row: 0,
      variantId: 'short',
      targetId: 'chat1',
      sample: 0,
    });
    await waitFor(() => expect(cellCalls(fake).length).toBeGreaterThan(before));
  });

  it('cannot be retried while its run is sending', async () => {
    bridge(runView({ state: 'running' }));
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Row 1, Short · sandbox-chat-1: open' }));
    const detail = await screen.findByRole('dialog', { name: /Row 1/ });
    expect(
      (await within(detail).findByRole('button', { name: 'Retry this cell' })).hasAttribute('disabled'),
    ).toBe(true);
  });
});
