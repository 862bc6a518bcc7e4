import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import { thresholdSweep } from '../../../../src-shared/judge/metrics';
import type { NoulAgreement, RunAgreement } from '../../../../src-shared/judge/run-agreement';
import { installFakeBridge } from '../../../test/fake-bridge';
import { useWorkbench } from '../workbench-store';
import { AgreementView } from './AgreementView';

const run = (id: string, state: BatchRunView['state'], createdAt: number): BatchRunView => ({
  id,
  setId: 'set-1',
  setRevision: 1,
  model: 'judge-1.13.0',
  state,
  createdAt,
  updatedAt: createdAt,
  concurrency: 4,
  totals: { cases: 4 },
  tokens: 0,
  yuan: 0,
  versions: { 'judge-1.13.0': 4 },
  rateLimited: 0,
  source: 'named',
  done: 4,
  failed: 0,
});

// p 0.9 true, 0.7 false, 0.3 true, 0.1 false: at 0.5 precision 1/2; at 0.8 precision 1, recall 1/2.
const cases = [
  { p: 0.9, expected: true },
  { p: 0.7, expected: false },
  { p: 0.3, expected: true },
  { p: 0.1, expected: false },
];
const cats: NoulAgreement = {
  type: 'noul',
  question: 'cats',
  instructions: 'About cats',
  coverage: { total: 4, used: 4, invalidAnswer: 0, unlabelled: 0, failed: 0, unanswered: 0, invalidLabel: 0 },
  threshold: 0.5,
  auc: { auc: 0.75 },
  roc: { points: [{ fpr: 0, tpr: 0 }] },
  pr: { points: [{ threshold: 0.9, recall: 0.5, precision: 1 }] },
  sweep: thresholdSweep(cases),
  atThreshold: { tp: 1, fp: 1, tn: 1, fn: 1, precision: 0.5, recall: 0.5, f1: 0.5, accuracy: 0.5 },
  calibration: { count: 4, bins: [], ece: 0.2 },
};
const agreement = (tuning: RunAgreement['tuning']): RunAgreement => ({
  run: {
    id: 'r-new',
    setId: 'set-1',
    setRevision: 1,
    model: 'judge-1.13.0',
    state: 'done',
    createdAt: 2,
    versions: { 'judge-1.13.0': 4 },
    versionChanged: false,
  },
  latestRevision: 1,
  tuning,
  total: 4,
  answered: 4,
  questions: [{ ...cats, threshold: tuning.thresholds.cats ?? 0.5 }],
});

function renderView() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <AgreementView setId="set-1" />
    </QueryClientProvider>,
  );
}

beforeEach(() => useWorkbench.getState().reset());

/** The set as main has it: the tuning a save starts from. */
const setWith = (tuning: RunAgreement['tuning']) => ({
  id: 'set-1',
  name: 'Cats',
  createdAt: 1,
  updatedAt: 1,
  revisions: [{ revision: 1, savedAt: 1, questions: [], tuning }],
});

describe('the Agreement view', () => {
  it('reads the metrics at the slider from the sweep, without a call per move', async () => {
    const bridge = installFakeBridge({
      'judge.batch.list': () => [
        run('r-running', 'running', 3),
        run('r-new', 'done', 2),
        run('r-old', 'done', 1),
      ],
      'judge.batch.agreement': () => agreement({ thresholds: {}, minimums: { accuracy: 0.8 } }),
    });
    renderView();
    const card = await screen.findByRole('article', { name: 'Agreement of cats' });
    // The newest finished run is the default, not the running one.
    expect(bridge.calls.filter((c) => c.route === 'judge.batch.agreement').map((c) => c.input)).toEqual([
      { id: 'r-new' },
    ]);
    // The estimate; the ± that follows is the next test's.
    const stat = (name: string) =>
      within(card).getByText(name).nextElementSibling?.textContent?.split(' ± ')[0];
    expect(stat('Precision')).toBe('50.0%');
    const callsBefore = bridge.calls.length;

    const slider = within(card).getByRole('slider', { name: /Threshold/ });
    fireEvent.change(slider, { target: { value: '0.8' } });
    expect(stat('Precision')).toBe('100.0%');
    expect(stat('Recall')).toBe('50.0%');
    expect(stat('Accuracy')).toBe('75.0%');
    fireEvent.change(slider, { target: { value: '0.2' } });
    expect(stat('Recall')).toBe('100.0%');
    expect(stat('Precision')).toBe('66.7%');
    expect(within(card).getByText('Not saved')).toBeTruthy();
    expect(bridge.calls.length).toBe(callsBefore);

    fireEvent.click(within(card).getByRole('button', { name: 'Revert' }));
    expect(stat('Precision')).toBe('50.0%');
    expect(within(card).queryByText('Not saved')).toBeNull();
  });

  it('writes each metric with ± half its 95% interval, the bounds and method in its title', async () => {
    const boot = { method: 'percentile' as const, rows: 4, seed: 1, confidence: 0.95, emptyResamples: 0 };
    const withIntervals = agreement({ thresholds: {}, minimums: {} });
    withIntervals.questions = [
      {
        ...cats,
        intervals: {
          accuracy: {
            method: 'wilson',
            successes: 2,
            n: 4,
            confidence: 0.95,
            estimate: 0.5,
            lower: 0.15,
            upper: 0.85,
          },
          precision: {
            method: 'wilson',
            successes: 1,
            n: 2,
            confidence: 0.95,
            estimate: 0.5,
            lower: 0.09,
            upper: 0.91,
          },
          recall: {
            method: 'wilson',
            successes: 1,
            n: 2,
            confidence: 0.95,
            estimate: 0.5,
            lower: 0.09,
            upper: 0.91,
          },
          auc: {
            ...boot,
            requestedResamples: 1000,
            resamples: 1000,
            estimate: 0.75,
            lower: 0.65,
            upper: 0.85,
          },
          ece: { ...boot, requestedResamples: 1000, resamples: 1000, estimate: 0.2, lower: 0.1, upper: 0.3 },
          kappa: {
            weights: 'none',
            cases: 4,
            confidence: 0.95,
            method: 'fleissCohenEverittSE',
            kappa: 0,
            observed: 0.5,
            expected: 0.5,
            se: 0.5,
            lower: -0.98,
            upper: 0.98,
          },
        },
      },
    ];
    installFakeBridge({
      'judge.batch.list': () => [run('r-new', 'done', 2)],
      'judge.batch.agreement': () => withIntervals,
    });
    renderView();
    const card = await screen.findByRole('article', { name: 'Agreement of cats' });
    const auc = within(card).getByText('0.75 ± 0.1');
    expect(auc.getAttribute('title')).toBe('95% interval 0.65 to 0.85 (bootstrap, 1000 resamples, seed 1)');
    expect(within(card).getByText('0.2 ± 0.1')).toBeTruthy();
    const kappa = within(card).getByText('Cohen’s κ').nextElementSibling!;
    expect(kappa.textContent).toBe('0 ± 0.98');
    // Precision at the threshold: Wilson of 1 of 2, computed from the counts at the slider.
    const precision = within(card).getByText('Precision').nextElementSibling!;
    expect(precision.textContent).toMatch(/^50\.0% ± 40\.\d%$/);
    expect(precision.getAttribute('title')).toMatch(/^95% interval 9\.\d% to 90\.\d% \(Wilson\)$/);
  });

  it('saves the threshold merged into the tuning in force, then refetches the agreement', async () => {
    let tuning: RunAgreement['tuning'] = { thresholds: { other: 0.3 }, minimums: { accuracy: 0.8 } };
    const bridge = installFakeBridge({
      'judge.batch.list': () => [run('r-new', 'done', 2)],
      'judge.batch.agreement': () => agreement(tuning),
      'judge.sets.get': () => setWith(tuning),
      'judge.sets.tune': (input) => {
        tuning = (input as { tuning: RunAgreement['tuning'] }).tuning;
        return {};
      },
    });
    renderView();
    const card = await screen.findByRole('article', { name: 'Agreement of cats' });
    fireEvent.change(within(card).getByRole('slider', { name: /Threshold/ }), { target: { value: '0.8' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save threshold' }));
    await waitFor(() =>
      expect(bridge.calls.find((c) => c.route === 'judge.sets.tune')?.input).toEqual({
        id: 'set-1',
        tuning: { thresholds: { other: 0.3, cats: 0.8 }, minimums: { accuracy: 0.8 } },
      }),
    );
    await waitFor(() => expect(screen.getByText('In force: 0.80.', { exact: false })).toBeTruthy());
    expect(bridge.calls.filter((c) => c.route === 'judge.batch.agreement')).toHaveLength(2);
    expect(screen.queryByText('Not saved')).toBeNull();
  });

  it('starts each save from the tuning main has, so a threshold saved meanwhile is kept', async () => {
    // Main already holds a threshold this view has not read yet (saved from another card).
    let inMain: RunAgreement['tuning'] = { thresholds: { cats: 0.9 }, minimums: {} };
    const bridge = installFakeBridge({
      'judge.batch.list': () => [run('r-new', 'done', 2)],
      'judge.batch.agreement': () => agreement({ thresholds: {}, minimums: {} }),
      'judge.sets.get': () => setWith(inMain),
      'judge.sets.tune': (input) => {
        inMain = (input as { tuning: RunAgreement['tuning'] }).tuning;
        return {};
      },
    });
    renderView();
    const box = await screen.findByRole('region', { name: 'Minimums' });
    fireEvent.change(within(box).getByLabelText('Minimum accuracy (0 to 1)'), { target: { value: '0.7' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Save minimums' }));
    await waitFor(() =>
      expect(bridge.calls.find((c) => c.route === 'judge.sets.tune')?.input).toEqual({
        id: 'set-1',
        tuning: { thresholds: { cats: 0.9 }, minimums: { accuracy: 0.7 } },
      }),
    );
  });

  it('saves minimums with the thresholds in force, and refuses a value outside 0..1', async () => {
    const bridge = installFakeBridge({
      'judge.batch.list': () => [run('r-new', 'done', 2)],
      'judge.batch.agreement': () => agreement({ thresholds: { cats: 0.6 }, minimums: {} }),
      'judge.sets.get': () => setWith({ thresholds: { cats: 0.6 }, minimums: {} }),
      'judge.sets.tune': () => ({}),
    });
    renderView();
    const box = await screen.findByRole('region', { name: 'Minimums' });
    const auc = within(box).getByLabelText('Minimum AUC (0 to 1)');
    fireEvent.change(auc, { target: { value: '1.5' } });
    expect(auc.getAttribute('aria-invalid')).toBe('true');
    const save = within(box).getByRole('button', { name: 'Save minimums' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(auc, { target: { value: '0.85' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(bridge.calls.find((c) => c.route === 'judge.sets.tune')?.input).toEqual({
        id: 'set-1',
        tuning: { thresholds: { cats: 0.6 }, minimums: { auc: 0.85 } },
      }),
    );
  });

  it('shows the tuned threshold on its own labels and cross-validated, the ROC band, and warns of too few labels', async () => {
    const tuned = agreement({ thresholds: {}, minimums: {} });
    const facts = {
      method: 'crossValidation',
      metric: 'accuracy',
      folds: 5,
      seed: 1,
      confidence: 0.95,
    } as const;
    const honest = { method: 'wilson', successes: 86, n: 100, confidence: 0.95, estimate: 0.86 } as const;
    const band = {
      method: 'percentile',
      rows: 4,
      seed: 1,
      confidence: 0.95,
      requestedResamples: 1000,
      resamples: 1000,
      emptyResamples: 120,
    } as const;
    tuned.questions = [
      {
        ...cats,
        tunedThreshold: {
          ...facts,
          cases: 100,
          threshold: 0.8,
          apparent: 0.91,
          honest: { ...honest, lower: 0.778, upper: 0.914 },
          foldThresholds: [0.8, 0.8, 0.79, 0.81, 0.8],
        },
        bands: {
          roc: { ...band, x: [0, 0.5, 1], lower: [0, 0.5, 1], upper: [0.5, 1, 1] },
          pr: { ...band, x: [0, 0.5, 1], lower: [0.5, 0.4, 0.3], upper: [1, 0.9, 0.7] },
        },
      },
      { ...cats, question: 'dogs', tunedThreshold: { ...facts, cases: 4, reason: 'tooFewCases' } },
    ];
    installFakeBridge({
      'judge.batch.list': () => [run('r-new', 'done', 2)],
      'judge.batch.agreement': () => tuned,
    });
    renderView();
    const card = await screen.findByRole('article', { name: 'Agreement of cats' });
    const note = within(card).getByRole('group', { name: 'Tuned on these labels:' });
    expect(note.textContent).toContain(
      'accuracy at 0.80: 91.0% on the labels it was tuned on; 86.0% [77.8%, 91.4%] cross-validated (5 folds, seed 1).',
    );
    // 2 of the 4 labelled cases right at the slider: Wilson ±37.6%; at p = ½, 381 cases give ±5%.
    expect(within(card).getByRole('note').textContent).toMatch(
      /^Accuracy: 4 labelled cases give ±3\d\.\d% \(95% interval\); about 381 would give ±5\.0%\.$/,
    );
    fireEvent.click(within(note).getByRole('button', { name: 'Use 0.80' }));
    expect((within(card).getByRole('slider', { name: /Threshold/ }) as HTMLInputElement).value).toBe('0.8');
    expect(within(card).getByText('Not saved')).toBeTruthy();
    expect((within(note).getByRole('button', { name: 'Use 0.80' }) as HTMLButtonElement).disabled).toBe(true);
    // Under the ROC and under the precision–recall chart.
    expect(
      within(card).getAllByText('Shaded: the 95% pointwise bootstrap band (1000 resamples, seed 1).'),
    ).toHaveLength(2);
    const dogs = screen.getByRole('article', { name: 'Agreement of dogs' });
    expect(within(dogs).queryByText(/bootstrap band/)).toBeNull();
    expect(
      within(dogs).getByText(/4 labelled cases are too few to cross-validate a tuned threshold/),
    ).toBeTruthy();
  });

  it('says there is no finished run and points at Batch runs', async () => {
    installFakeBridge({ 'judge.batch.list': () => [run('r-running', 'running', 3)] });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Batch runs' }));
    expect(useWorkbench.getState().view).toBe('runs');
  });
});
