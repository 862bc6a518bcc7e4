import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import type { RunDrift, RunRef } from '../../../../src-shared/judge/run-agreement';
import { installFakeBridge } from '../../../test/fake-bridge';
import { useWorkbench } from '../workbench-store';
import { DriftView } from './DriftView';

const run = (id: string, model: string, createdAt: number): BatchRunView => ({
  id,
  setId: 'set-1',
  setRevision: 1,
  model,
  state: 'done',
  createdAt,
  updatedAt: createdAt,
  concurrency: 4,
  totals: { cases: 3 },
  tokens: 0,
  yuan: 0,
  versions: {},
  rateLimited: 0,
  source: 'named',
  done: 3,
  failed: 0,
});
const ref = (id: string, model: string, versions: Record<string, number>): RunRef => ({
  id,
  setId: 'set-1',
  setRevision: 1,
  model,
  state: 'done',
  createdAt: 1,
  versions,
  versionChanged: Object.keys(versions).length > 1,
});

const drift: RunDrift = {
  a: ref('r-pinned', 'judge-1.13.0', { 'judge-1.13.0': 3 }),
  b: ref('r-latest', 'judge-latest', { 'judge-1.14.0': 2, 'judge-1.15.0': 1 }),
  tuning: { thresholds: {}, minimums: {} },
  questions: [
    {
      question: 'tone',
      type: 'choice',
      coverage: { compared: 3, onlyInA: 0, onlyInB: 0, labelled: 3, labelConflicts: 0 },
      flips: 1,
      metrics: { accuracy: { a: 0.5, b: 0.75, delta: 0.25 }, logLoss: { a: 0.4, b: 0.6, delta: 0.2 } },
      shares: [
        { decision: 'calm', a: 2 / 3, b: 1 / 3 },
        { decision: 'angry', a: 1 / 3, b: 2 / 3 },
      ],
    },
  ],
  flipsTotal: 1,
  offset: 0,
  flipped: [
    {
      question: 'tone',
      caseId: 'c2',
      position: 1,
      stateExcerpt: 'a calm but firm reply',
      a: { decision: 'calm', probability: 0.55 },
      b: { decision: 'angry', probability: 0.52 },
      label: 'angry',
    },
  ],
};

function renderView() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <DriftView setId="set-1" />
    </QueryClientProvider>,
  );
}

beforeEach(() => useWorkbench.getState().reset());

describe('the Drift view', () => {
  it('compares the two newest runs of different models, warns of a version change mid-run, shows deltas and flips', async () => {
    const bridge = installFakeBridge({
      'judge.batch.list': () => [
        run('r-latest', 'judge-latest', 3),
        run('r-latest-2', 'judge-latest', 2),
        run('r-pinned', 'judge-1.13.0', 1),
      ],
      'judge.batch.drift': () => drift,
    });
    renderView();
    expect(
      await screen.findByText(/Run B \(judge-latest\) was answered by more than one version/),
    ).toBeTruthy();
    expect(bridge.calls.find((c) => c.route === 'judge.batch.drift')?.input).toMatchObject({
      a: 'r-pinned',
      b: 'r-latest',
      offset: 0,
    });
    const deltas = screen.getByRole('table', { name: /Metric changes/ });
    const accuracy = within(deltas).getByText('Accuracy').closest('tr')!;
    expect(accuracy.lastElementChild?.textContent).toBe('+25.0 pt');
    expect(accuracy.lastElementChild?.className).toBe('drift-better');
    // Log loss rising is worse.
    const logLoss = within(deltas).getByText('Log loss').closest('tr')!;
    expect(logLoss.lastElementChild?.className).toBe('drift-worse');
    const flip = screen.getByText('a calm but firm reply').closest('tr')!;
    expect(within(flip).getByText('calm (55.0%)')).toBeTruthy();
    expect(within(flip).getByText('angry (52.0%)')).toBeTruthy();
    expect(screen.getByText(/pin the version/)).toBeTruthy();
  });

  it('never compares the run picked in Batch runs with itself: the other is the newest run of another model', async () => {
    useWorkbench.getState().selectRun('r-latest');
    const bridge = installFakeBridge({
      'judge.batch.list': () => [
        run('r-latest', 'judge-latest', 3),
        run('r-latest-2', 'judge-latest', 2),
        run('r-pinned', 'judge-1.13.0', 1),
      ],
      'judge.batch.drift': () => drift,
    });
    renderView();
    await screen.findByRole('table', { name: /Metric changes/ });
    // The newer run picked in Batch runs is still B: A is always the older of the two.
    expect(bridge.calls.find((c) => c.route === 'judge.batch.drift')?.input).toMatchObject({
      a: 'r-pinned',
      b: 'r-latest',
    });
    expect(screen.queryByText(/same run/i)).toBeNull();
  });

  it('reads the same pair the same way on every visit: A the older run, B the newer', async () => {
    const runs = [
      run('r-preview', 'judge-preview', 7),
      run('r-latest', 'judge-latest', 3),
      run('r-pinned', 'judge-1.13.0', 1),
    ];
    const seen: unknown[] = [];
    for (const picked of [
      ['r-preview', 'r-pinned'],
      ['r-pinned', 'r-preview'],
      ['r-pinned', undefined],
    ] as const) {
      useWorkbench.getState().reset();
      useWorkbench.getState().selectRun(picked[0]);
      useWorkbench.getState().selectOtherRun(picked[1]);
      const bridge = installFakeBridge({ 'judge.batch.list': () => runs, 'judge.batch.drift': () => drift });
      const view = renderView();
      await screen.findByRole('table', { name: /Metric changes/ });
      const input = bridge.calls.find((c) => c.route === 'judge.batch.drift')?.input as Record<
        string,
        unknown
      >;
      seen.push({ a: input.a, b: input.b });
      expect((screen.getByLabelText('Run A') as HTMLSelectElement).value).toBe('r-pinned');
      expect((screen.getByLabelText('Run B') as HTMLSelectElement).value).toBe('r-preview');
      view.unmount();
    }
    expect(seen).toEqual(Array(3).fill({ a: 'r-pinned', b: 'r-preview' }));
  });

  it('keeps the other run when one side is picked, and still puts the older first', async () => {
    useWorkbench.getState().selectRun('r-pinned');
    useWorkbench.getState().selectOtherRun('r-latest');
    const bridge = installFakeBridge({
      'judge.batch.list': () => [
        run('r-preview', 'judge-preview', 7),
        run('r-latest', 'judge-latest', 3),
        run('r-pinned', 'judge-1.13.0', 1),
      ],
      'judge.batch.drift': () => drift,
    });
    renderView();
    await screen.findByRole('table', { name: /Metric changes/ });
    // Picking A replaces the pinned run and keeps r-latest; the newer of the two still reads as B.
    fireEvent.change(screen.getByLabelText('Run A'), { target: { value: 'r-preview' } });
    await waitFor(() =>
      expect(bridge.calls.filter((c) => c.route === 'judge.batch.drift').at(-1)?.input).toMatchObject({
        a: 'r-latest',
        b: 'r-preview',
      }),
    );
  });

  it('offers to run the cases on a judge the set has no run of, and starts it', async () => {
    const bridge = installFakeBridge({
      'judge.batch.list': () => [run('r-pinned', 'judge-1.13.0', 1)],
      'judge.batch.create': () => ({ ...run('r-new', 'judge-preview', 5), state: 'queued' }),
      'judge.batch.start': () => ({ ...run('r-new', 'judge-preview', 5), state: 'running' }),
    });
    renderView();
    expect(await screen.findByText('judge-1.13.0: finished')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run on judge-preview' }));
    await waitFor(() => expect(bridge.calls.some((c) => c.route === 'judge.batch.start')).toBe(true));
    expect(bridge.calls.find((c) => c.route === 'judge.batch.create')?.input).toEqual({
      setId: 'set-1',
      model: 'judge-preview',
    });
    expect(bridge.calls.find((c) => c.route === 'judge.batch.start')?.input).toEqual({ id: 'r-new' });
  });
});
