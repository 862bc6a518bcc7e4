import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EvalRunEstimate, EvalRunView } from '../../../../src-shared/evals/eval-run-views';
import { installFakeBridge } from '../../../test/fake-bridge';
import { EvalRunsView } from './EvalRunsView';
import { resetEvalProgress } from './run-progress-store';
import { cellsRow, runView } from './runs-fixtures.test-helper';

const estimate: EvalRunEstimate = {
  cells: 1200,
  chatCalls: 800,
  cachedCells: 400,
  incompleteCells: 3,
  judgeCalls: 1200,
  embeddingInputs: 0,
  promptTokens: 54_000,
  judgeInputTokens: 91_000,
  judgeYuan: 0.0455,
  balanceYuan: 0.137,
  chatYuan: null,
  embeddingsYuan: null,
  idealChatSeconds: 725,
};

function bridge(runs: EvalRunView[]) {
  let current = runs;
  const fake = installFakeBridge({
    'evals.runs.list': () => current,
    'evals.runs.estimate': () => estimate,
    'evals.runs.cells': () => ({ total: 300, rows: [cellsRow(0)] }),
    'evals.runs.start': (input) => {
      const run = runView({ id: 'run-new', state: 'running', done: 0 }, 300);
      current = [run, ...current];
      return { ...run, concurrency: (input as { concurrency: number }).concurrency };
    },
    'evals.runs.pause': () => runView({ state: 'paused' }, 300),
    'evals.runs.resume': () => runView({ state: 'running' }, 300),
    'evals.runs.cancel': () => runView({ state: 'cancelled' }, 300),
  });
  return fake;
}

function renderView() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <EvalRunsView evalId="eval-1" />
    </QueryClientProvider>,
  );
}

beforeEach(() => resetEvalProgress());

describe('the run panel', () => {
  it('shows the estimate before Start, with chat cost unknown and the judge’s exact cost', async () => {
    bridge([]);
    renderView();
    const list = await screen.findByLabelText('Estimate of a new run');
    expect(within(list).getByText('Chat calls').nextSibling?.textContent).toBe('800 (+400 from cache)');
    expect(within(list).getByText('Chat cost').nextSibling?.textContent).toBe('unknown');
    expect(within(list).getByText('Judge cost').nextSibling?.textContent).toBe('¥0.0455');
    expect(within(list).getByText('Tokens in').nextSibling?.textContent).toBe('54,000 prompt · 91,000 judge');
    expect(within(list).getByText('Chat time at best').nextSibling?.textContent).toBe('12 min 5 s');
    expect(screen.getByText(/3 cells miss a variable/)).toBeTruthy();
  });

  it('starts a run at the chosen concurrency with Ctrl+Enter, and shows it', async () => {
    const fake = bridge([]);
    renderView();
    const input = await screen.findByRole('spinbutton', { name: 'Concurrency' });
    fireEvent.change(input, { target: { value: '8' } });
    await waitFor(() =>
      expect(
        fake.calls.some(
          (c) => c.route === 'evals.runs.estimate' && (c.input as { concurrency: number }).concurrency === 8,
        ),
      ).toBe(true),
    );
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(fake.calls.find((c) => c.route === 'evals.runs.start')?.input).toEqual({
        id: 'eval-1',
        concurrency: 8,
      }),
    );
    expect(await screen.findByRole('region', { name: 'Progress' })).toBeTruthy();
  });

  it('refuses a concurrency out of range before asking main', async () => {
    const fake = bridge([]);
    renderView();
    const input = await screen.findByRole('spinbutton', { name: 'Concurrency' });
    fireEvent.change(input, { target: { value: '40' } });
    expect(screen.getByText('Concurrency must be a whole number from 1 to 16.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start run' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(fake.calls.some((c) => c.route === 'evals.runs.start')).toBe(false);
  });

  it('shows live progress: sent and cached, 429s, the concurrency in force; Pause calls the route', async () => {
    const fake = bridge([runView({ state: 'running', done: 0 }, 300)]);
    renderView();
    const card = await screen.findByRole('region', { name: 'Progress' });
    act(() =>
      fake.emit('evals.run.progress', {
        runId: 'run-1',
        evalId: 'eval-1',
        state: 'running',
        total: 600,
        done: 250,
        failed: 4,
        cached: 120,
        sent: 134,
        rateLimited: 2,
        concurrency: 2,
      }),
    );
    expect(within(card).getByText('250 done · 4 failed · of 600')).toBeTruthy();
    expect(within(card).getByText('Sent').nextSibling?.textContent).toBe('134');
    expect(within(card).getByText('From cache').nextSibling?.textContent).toBe('120');
    expect(within(card).getByText('429s').nextSibling?.textContent).toBe('2');
    expect(within(card).getByText('Concurrency now').nextSibling?.textContent).toBe('2');
    fireEvent.click(within(card).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.route === 'evals.runs.pause')?.input).toEqual({ runId: 'run-1' }),
    );
  });

  it('asks before cancelling: Escape keeps the run, Cancel run calls the route', async () => {
    const fake = bridge([runView({ state: 'running', done: 0 }, 300)]);
    renderView();
    const card = await screen.findByRole('region', { name: 'Progress' });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel run…' }));
    const question = screen.getByRole('alertdialog', { name: 'Cancel this run?' });
    fireEvent.keyDown(question, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.calls.some((c) => c.route === 'evals.runs.cancel')).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel run…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.route === 'evals.runs.cancel')?.input).toEqual({ runId: 'run-1' }),
    );
  });

  it('says why a run paused by itself and what to do, and resumes at the chosen concurrency', async () => {
    const fake = bridge([runView({ state: 'running', done: 0 }, 300)]);
    renderView();
    const card = await screen.findByRole('region', { name: 'Progress' });
    act(() =>
      fake.emit('evals.run.progress', {
        runId: 'run-1',
        evalId: 'eval-1',
        state: 'paused',
        total: 600,
        done: 250,
        failed: 0,
        cached: 0,
        sent: 250,
        rateLimited: 0,
        concurrency: 4,
        pauseReason: {
          code: 'payment_required',
          status: 402,
          message: 'The balance cannot cover the next request.',
          at: 1,
        },
      }),
    );
    expect(within(card).getByText('Paused: the balance ran out (402).')).toBeTruthy();
    expect(within(card).getByText('Top up the account, or resume with a lower concurrency.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Resume at concurrency 4' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.route === 'evals.runs.resume')?.input).toEqual({
        runId: 'run-1',
        concurrency: 4,
      }),
    );
  });

  it('lists the runs, newest first, and ↓ picks the next one to view', async () => {
    const fake = bridge([
      runView({ id: 'run-2', createdAt: 2 }, 300),
      runView({ id: 'run-1', createdAt: 1 }, 300),
    ]);
    renderView();
    const history = await screen.findByRole('navigation', { name: 'Run history' });
    const items = within(history).getAllByRole('button');
    expect(items.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    fireEvent.keyDown(items[0], { key: 'ArrowDown' });
    await waitFor(() =>
      expect(within(history).getAllByRole('button')[1].getAttribute('aria-pressed')).toBe('true'),
    );
    await waitFor(() =>
      expect(
        fake.calls.some(
          (c) => c.route === 'evals.runs.cells' && (c.input as { runId: string }).runId === 'run-1',
        ),
      ).toBe(true),
    );
  });
});
