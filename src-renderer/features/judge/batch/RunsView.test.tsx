import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchGridRow } from '../../../../src-shared/judge/batch-grid';
import type { BatchProgress, BatchRunView, PauseReason } from '../../../../src-shared/judge/batch-run';
import { batchRunFields } from '../../../../src-shared/judge/batch-run.test-helper';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { installFakeBridge } from '../../../test/fake-bridge';
import { useWorkbench } from '../workbench-store';
import { resetBatchProgress } from './batch-progress-store';
import { RunsView } from './RunsView';

const questions: Question[] = [
  { name: 'cats', type: 'noul', instructions: 'About cats', options: [], levels: [] },
];

const run = (over: Partial<BatchRunView> = {}): BatchRunView => ({
  ...batchRunFields({ concurrency: 4, totals: { cases: 100_000 } }),
  source: 'named',
  done: 0,
  failed: 0,
  ...over,
});

const gridRow = (i: number): BatchGridRow => ({
  caseId: `c${i}`,
  position: i,
  preview: `case text ${i}`,
  status: 'done',
  modelAnswered: 'judge-1.13.0',
  latencyMs: 30,
  disagreements: 0,
  confidence: 0.9,
  cells: [{ type: 'noul', question: 'cats', value: 0.9, threshold: 0.5, verdict: true, disagrees: false }],
});

/** A run of 100,000 cases whose grid pages are made on demand, with every call recorded. */
function bridge(state: BatchRunView['state'] = 'running') {
  let current = run({ state });
  const fake = installFakeBridge({
    'judge.batch.list': () => [current],
    'judge.batch.get': () => current,
    'judge.cases.count': () => 100_000,
    'judge.batch.grid': (input) => {
      const { offset, limit } = input as { offset: number; limit: number };
      const n = Math.max(0, Math.min(limit, 100_000 - offset));
      return {
        total: 100_000,
        rows: Array.from({ length: n }, (_, k) => gridRow(offset + k)),
        questions,
        thresholds: { cats: 0.5 },
      };
    },
    'judge.batch.gridCase': () => ({
      caseId: 'c0',
      position: 0,
      state: { mode: 'text', text: 'case text 0' },
      note: '',
      status: 'done',
      questions,
      labels: { cats: false },
      opened: {
        questions,
        run: {
          id: 'run-1:c0',
          setId: 'set-1',
          setRevision: 1,
          createdAt: 1,
          state: { mode: 'text', text: 'case text 0' },
          modelAsked: 'judge-1.13.0',
          modelAnswered: 'judge-1.13.0',
          answers: [{ name: 'cats', kind: 'noul', noul: 0.9 }],
          usage: { inputTokens: 40 },
          latencyMs: 30,
          raw: '{}',
        },
      },
    }),
    'judge.batch.pause': () => (current = run({ state: 'paused' })),
    'judge.batch.cancel': () => (current = run({ state: 'cancelled' })),
  });
  return fake;
}

function renderView() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <RunsView setId="set-1" />
    </QueryClientProvider>,
  );
}

const progress = (done: number, over: Partial<BatchProgress> = {}): BatchProgress => ({
  runId: 'run-1',
  state: 'running',
  done,
  failed: 0,
  total: 100_000,
  tokens: done * 40,
  yuan: done * 0.00001,
  concurrency: 4,
  etaMs: 60_000,
  ...over,
});

const gridCalls = (fake: ReturnType<typeof bridge>) =>
  fake.calls.filter((c) => c.route === 'judge.batch.grid');

beforeEach(() => {
  resetBatchProgress();
  useWorkbench.setState({ view: 'runs', runId: 'run-1', otherRunId: undefined });
});

describe('the Batch runs view', () => {
  it('renders only a window of rows of a 100,000-case run, fetched a page at a time', async () => {
    const fake = bridge('done');
    renderView();
    const table = await screen.findByRole('table', { name: 'Results' });
    await within(table).findByText('case text 0');
    expect(table.getAttribute('aria-rowcount')).toBe('100001');
    const rows = within(table).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(gridCalls(fake).map((c) => c.input)).toEqual([
      { id: 'run-1', sort: 'case', filter: 'all', offset: 0, limit: 100 },
    ]);

    // Scrolling far down fetches only the page under the view.
    fireEvent.scroll(table, { target: { scrollTop: 44 * 50_000 } });
    await within(table).findByText('case text 50000');
    expect(within(table).queryByText('case text 0')).toBeNull();
    expect(gridCalls(fake).at(-1)?.input).toMatchObject({ offset: 50_000, limit: 100 });
    expect(gridCalls(fake).length).toBeLessThanOrEqual(3);
  });

  it('moves the bar with each progress event without fetching the grid again, and once when the run ends', async () => {
    const fake = bridge('running');
    renderView();
    await screen.findByText('case text 0');
    act(() => fake.emit('judge.batch.progress', progress(0)));
    await waitFor(() => expect(gridCalls(fake).length).toBeGreaterThanOrEqual(1));
    const before = gridCalls(fake).length;
    for (let i = 1; i <= 25; i++) act(() => fake.emit('judge.batch.progress', progress(i * 100)));
    const bar = screen.getByRole('progressbar', {
      name: '2,500 of 100,000 cases finished',
    }) as HTMLProgressElement;
    expect(bar.value).toBe(2_500);
    expect(screen.getByText('1 min 0 s')).toBeTruthy();
    expect(gridCalls(fake).length).toBe(before);

    act(() => fake.emit('judge.batch.progress', progress(2_600, { concurrency: 2 })));
    expect(screen.getByText(/lowered from 4 after a 429/)).toBeTruthy();

    act(() => fake.emit('judge.batch.progress', progress(100_000, { state: 'done', etaMs: 0 })));
    await waitFor(() => expect(gridCalls(fake).length).toBe(before + 1));
  });

  it('pauses at once, and cancels only after asking', async () => {
    const fake = bridge('running');
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(fake.calls.some((c) => c.route === 'judge.batch.pause')).toBe(true));
    expect(fake.calls.find((c) => c.route === 'judge.batch.pause')?.input).toEqual({ id: 'run-1' });

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel run' }));
    const ask = screen.getByRole('alertdialog', { name: 'Cancel this run?' });
    expect(fake.calls.some((c) => c.route === 'judge.batch.cancel')).toBe(false);
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep running' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.calls.some((c) => c.route === 'judge.batch.cancel')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel the run' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.route === 'judge.batch.cancel')?.input).toEqual({ id: 'run-1' }),
    );
  });

  /** The run shown, then paused by itself for `pauseReason`. */
  async function pausedBy(pauseReason: PauseReason) {
    const fake = bridge('paused');
    renderView();
    await screen.findByText('case text 0');
    act(() => fake.emit('judge.batch.progress', progress(10, { state: 'paused', pauseReason })));
  }

  it('says why a run paused itself and what to do: the balance for a 402', async () => {
    await pausedBy({ code: 'payment_required', message: 'Insufficient balance', status: 402, at: 1 });
    expect(screen.getByText('Paused: the balance ran out (402).')).toBeTruthy();
    expect(screen.getByText(/Each request in flight reserves about ¥0.023/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('says the gateway could not be reached for a run paused on the network, not "paused by itself"', async () => {
    await pausedBy({ code: 'network', message: 'fetch failed', at: 1 });
    expect(screen.getByText('Paused: the gateway could not be reached.')).toBeTruthy();
    expect(screen.getByText(/Resume when the network is back/)).toBeTruthy();
    expect(screen.queryByText('Paused by itself.')).toBeNull();
  });

  it('opens a case in the single-run view beside its expected answers', async () => {
    const fake = bridge('done');
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Open case 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case 1' });
    const expected = await within(dialog).findByRole('region', { name: 'Expected answers' });
    expect(within(expected).getByText('false')).toBeTruthy();
    expect(within(dialog).getByRole('article', { name: /cats/ })).toBeTruthy();
    expect(fake.calls.find((c) => c.route === 'judge.batch.gridCase')?.input).toEqual({
      id: 'run-1',
      caseId: 'c0',
    });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('points at the Test cases view when the set has no cases', async () => {
    installFakeBridge({ 'judge.batch.list': () => [], 'judge.cases.count': () => 0 });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Go to Test cases' }));
    expect(useWorkbench.getState().view).toBe('cases');
  });
});
