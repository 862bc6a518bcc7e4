import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvalRunView } from '../../../../src-shared/evals/eval-run-views';
import { en } from '../../../i18n/en';
import { speakForTests } from '../../../i18n/i18n';
import { zhCN } from '../../../i18n/zh-CN';
import { installFakeBridge } from '../../../test/fake-bridge';
import { compareSentence } from './compare-sentence';
import { EvalRunsView } from './EvalRunsView';
import { resetEvalProgress } from './run-progress-store';
import { cellsRow, comparison, runStats, runView } from './runs-fixtures.test-helper';

const names = { a: 'Short', b: 'Warm' };

describe('the sentence of a comparison', () => {
  afterEach(() => speakForTests('en', en));

  it('names the winner first with its lead and interval in points', () => {
    expect(compareSentence(comparison(), names)).toBe('Warm beats Short by 6 points [2, 10] on 300 rows');
    expect(
      compareSentence(comparison({ delta: -0.06, lower: -0.1, upper: -0.02, direction: 'bLower' }), names),
    ).toBe('Short beats Warm by 6 points [2, 10] on 300 rows');
  });

  it('says "not decisive" with the signed difference when the verdict is not decisive', () => {
    const c = comparison({ delta: 0.03, lower: -0.01, upper: 0.07, decisive: false, direction: 'none' });
    expect(compareSentence(c, names)).toBe('Not decisive: Warm − Short = +3 points [−1, +7] on 300 rows');
  });

  it('says a score’s difference in levels, with two decimals', () => {
    const c = { ...comparison({ delta: 0.5, lower: 0.25, upper: 0.75 }), unit: 'score' as const };
    expect(compareSentence(c, names)).toBe('Warm beats Short by 0.50 levels [0.25, 0.75] on 300 rows');
  });

  it('speaks the user’s language', () => {
    speakForTests('zh-CN', zhCN);
    expect(compareSentence(comparison(), names)).toBe('在 300 行上，Warm 胜过 Short 6 个百分点 [2, 10]');
  });
});

function bridge(run: EvalRunView = runView({}, 300)) {
  return installFakeBridge({
    'evals.runs.list': () => [run],
    'evals.runs.estimate': () => ({
      cells: 0,
      chatCalls: 0,
      cachedCells: 0,
      incompleteCells: 0,
      judgeCalls: 0,
      embeddingInputs: 0,
      promptTokens: 0,
      judgeInputTokens: 0,
      judgeYuan: null,
      balanceYuan: null,
      chatYuan: null,
      embeddingsYuan: null,
      idealChatSeconds: null,
    }),
    'evals.runs.cells': (input) => {
      const i = input as { from?: number; limit?: number; rows?: number[] };
      const positions =
        i.rows ?? Array.from({ length: Math.min(i.limit!, 300 - i.from!) }, (_, k) => i.from! + k);
      return { total: 300, rows: positions.map(cellsRow) };
    },
    'evals.runs.stats': () => runStats(),
    'evals.runs.compare': () => comparison(),
    'evals.runs.filter': () => ({ positions: [7, 41], total: 2, from: 0 }),
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

beforeEach(() => resetEvalProgress());

describe('the matrix’s column headers', () => {
  it('show each figure with its 95 % interval, latency and cost', async () => {
    bridge();
    renderView();
    const heads = await screen.findAllByRole('columnheader');
    await waitFor(() => expect(heads[1].textContent).toContain('Checks 72 % [65, 78]'));
    expect(heads[1].textContent).toContain('helpful 2.40 [2.20, 2.60]');
    expect(heads[1].textContent).toContain('p50 212 ms · p95 480 ms');
    expect(heads[1].textContent).toContain('Cost unknown');
    expect(heads[2].textContent).toContain('Checks 91 % [87, 94]');
  });

  it('fetch the stats again when the run stops sending, not on every cell', async () => {
    const fake = bridge(runView({ state: 'running' }, 300));
    renderView();
    const heads = await screen.findAllByRole('columnheader');
    await waitFor(() => expect(heads[1].textContent).toContain('Checks 72 %'));
    const statsCalls = () => fake.calls.filter((c) => c.route === 'evals.runs.stats').length;
    expect(statsCalls()).toBe(1);
    const progress = {
      runId: 'run-1',
      evalId: 'eval-1',
      total: 600,
      failed: 0,
      cached: 0,
      sent: 0,
      rateLimited: 0,
      concurrency: 4,
    };
    for (let done = 10; done < 60; done += 10)
      act(() => fake.emit('evals.run.progress', { ...progress, state: 'running', done }));
    expect(statsCalls()).toBe(1);
    act(() => fake.emit('evals.run.progress', { ...progress, state: 'done', done: 600 }));
    await waitFor(() => expect(statsCalls()).toBe(2));
  });
});

describe('compare two columns', () => {
  it('shows the plain sentence, the test and its p-value for the first two columns', async () => {
    const fake = bridge();
    renderView();
    const panel = await screen.findByRole('region', { name: 'Compare two columns' });
    expect(
      await within(panel).findByText(
        'Warm · sandbox-chat-1 beats Short · sandbox-chat-1 by 6 points [2, 10] on 300 rows',
      ),
    ).toBeTruthy();
    expect(within(panel).getByText(/McNemar’s exact test · p = 0.004/)).toBeTruthy();
    expect(fake.calls.find((c) => c.route === 'evals.runs.compare')?.input).toEqual({
      runId: 'run-1',
      a: { variantId: 'short', targetId: 'chat1' },
      b: { variantId: 'warm', targetId: 'chat1' },
      of: 'checks',
    });
  });

  it('narrows the matrix to the rows where A and B disagree', async () => {
    const fake = bridge();
    renderView();
    const panel = await screen.findByRole('region', { name: 'Compare two columns' });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Show rows' }), {
      target: { value: 'disagree' },
    });
    expect(await within(panel).findByText('2 rows match')).toBeTruthy();
    expect(fake.calls.find((c) => c.route === 'evals.runs.filter')?.input).toEqual({
      runId: 'run-1',
      filter: {
        kind: 'disagree',
        a: { variantId: 'short', targetId: 'chat1' },
        b: { variantId: 'warm', targetId: 'chat1' },
        of: 'checks',
      },
      from: 0,
      limit: 100,
    });
    const table = screen.getByRole('table', { name: 'Results matrix' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('short reply 7')).toBeTruthy();
    expect(within(table).getByText('short reply 41')).toBeTruthy();
    expect(fake.calls.filter((c) => c.route === 'evals.runs.cells').at(-1)?.input).toEqual({
      runId: 'run-1',
      rows: [7, 41],
    });
  });

  it('asks a filter again while the run sends only with the stats, not with every progress event', async () => {
    const fake = bridge(runView({ state: 'running' }, 300));
    renderView();
    const panel = await screen.findByRole('region', { name: 'Compare two columns' });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Show rows' }), {
      target: { value: 'erroredA' },
    });
    expect(await within(panel).findByText('2 rows match')).toBeTruthy();
    const filterCalls = () => fake.calls.filter((c) => c.route === 'evals.runs.filter').length;
    const before = filterCalls();
    const progress = {
      runId: 'run-1',
      evalId: 'eval-1',
      total: 600,
      failed: 0,
      cached: 0,
      sent: 0,
      rateLimited: 0,
      concurrency: 4,
    };
    act(() => fake.emit('evals.run.progress', { ...progress, state: 'running', done: 10 }));
    act(() => fake.emit('evals.run.progress', { ...progress, state: 'running', done: 20 }));
    expect(filterCalls()).toBe(before);
    act(() => fake.emit('evals.run.progress', { ...progress, state: 'done', done: 600 }));
    await waitFor(() => expect(filterCalls()).toBeGreaterThan(before));
    expect(fake.calls.filter((c) => c.route === 'evals.runs.filter').at(-1)?.input).toMatchObject({
      filter: { kind: 'errored', column: { variantId: 'short', targetId: 'chat1' } },
    });
  });

  it('says when no row has a value in both columns, and names no test', async () => {
    const none = comparison({
      cases: 0,
      delta: undefined,
      lower: undefined,
      upper: undefined,
      decisive: false,
      direction: 'none',
    });
    installFakeBridge({
      'evals.runs.list': () => [runView({}, 300)],
      'evals.runs.cells': () => ({ total: 300, rows: [cellsRow(0)] }),
      'evals.runs.stats': () => runStats(),
      'evals.runs.compare': () => ({ ...none, rows: 0, pValue: undefined, resamples: 0 }),
    });
    renderView();
    const panel = await screen.findByRole('region', { name: 'Compare two columns' });
    expect(
      await within(panel).findByText(
        'No row has a value in both Short · sandbox-chat-1 and Warm · sandbox-chat-1.',
      ),
    ).toBeTruthy();
    expect(within(panel).queryByText(/Paired on/)).toBeNull();
  });

  it('shows the grader’s agreement with the marks', async () => {
    const stats = runStats();
    stats.marks = {
      of: 'checks',
      cases: 10,
      withoutVerdict: 1,
      counts: { goodPass: 6, goodFail: 1, badPass: 1, badFail: 2 },
      agreement: {
        method: 'wilson',
        successes: 8,
        n: 10,
        confidence: 0.95,
        estimate: 0.8,
        lower: 0.49,
        upper: 0.94,
      },
      kappa: {
        weights: 'none',
        cases: 10,
        confidence: 0.95,
        method: 'fleissCohenEverittSE',
        kappa: 0.52,
        observed: 0.8,
        expected: 0.58,
        se: 0.28,
        lower: -0.03,
        upper: 1,
      },
    };
    installFakeBridge({
      'evals.runs.list': () => [runView({}, 300)],
      'evals.runs.cells': () => ({ total: 300, rows: [cellsRow(0)] }),
      'evals.runs.stats': () => stats,
      'evals.runs.compare': () => comparison(),
    });
    renderView();
    const panel = await screen.findByRole('region', { name: 'Compare two columns' });
    expect(await within(panel).findByText(/Agrees on 8 of 10 marked cells: 80 % \[49, 94\]/)).toBeTruthy();
    expect(within(panel).getByText(/κ 0.52 \[−0.03, 1.00\]/)).toBeTruthy();
  });
});
