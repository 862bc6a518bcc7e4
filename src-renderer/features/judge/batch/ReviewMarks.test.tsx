import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchGridCase, BatchGridRow } from '../../../../src-shared/judge/batch-grid';
import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import type { Question } from '../../../../src-shared/judge/question-rules';
import type { LabelEdit, ReviewVerdict } from '../../../../src-shared/judge/review-marks';
import { installFakeBridge } from '../../../test/fake-bridge';
import { useWorkbench } from '../workbench-store';
import { resetBatchProgress } from './batch-progress-store';
import { RunsView } from './RunsView';

const questions: Question[] = [
  { name: 'cats', type: 'noul', instructions: 'About cats', options: [], levels: [] },
];

const run: BatchRunView = {
  id: 'run-1',
  setId: 'set-1',
  setRevision: 1,
  model: 'judge-1.13.0',
  state: 'done',
  createdAt: 1,
  updatedAt: 1,
  concurrency: 4,
  totals: { cases: 3 },
  tokens: 0,
  yuan: 0,
  versions: {},
  rateLimited: 0,
  source: 'named',
  done: 3,
  failed: 0,
};

/** Three judged cases; marks and label edits kept as main would keep them. */
function bridge() {
  const verdicts = new Map<string, ReviewVerdict>();
  const edits: LabelEdit[] = [];
  let expected = false;
  const row = (i: number): BatchGridRow => ({
    caseId: `c${i}`,
    position: i,
    preview: `case text ${i}`,
    status: 'done',
    disagreements: 0,
    confidence: 0.9,
    cells: [{ type: 'noul', question: 'cats', value: 0.9, threshold: 0.5, verdict: true, disagrees: false }],
    review: verdicts.has(`c${i}`)
      ? { verdict: verdicts.get(`c${i}`), commented: false, corrected: false }
      : undefined,
  });
  return installFakeBridge({
    'judge.batch.list': () => [run],
    'judge.batch.get': () => run,
    'judge.cases.count': () => 3,
    'judge.batch.grid': (input) => {
      const { filter } = input as { filter: string };
      const rows = [0, 1, 2].map(row).filter((r) => filter !== 'agreed' || r.review?.verdict === 'agree');
      return { total: rows.length, rows, questions, thresholds: { cats: 0.5 } };
    },
    'judge.batch.mark': (input) => {
      const { caseId, verdict } = input as { caseId: string; verdict: ReviewVerdict | null };
      if (verdict) verdicts.set(caseId, verdict);
      else verdicts.delete(caseId);
      return verdict ? { verdict, comment: '', updatedAt: 1 } : null;
    },
    'judge.batch.correctLabel': (input) => {
      const { value } = input as { value: boolean };
      edits.push({
        id: 1,
        caseId: 'c0',
        question: 'cats',
        before: expected,
        after: value,
        who: 'ada',
        at: 5,
      });
      expected = value;
      return edits;
    },
    'judge.batch.gridCase': (): BatchGridCase => ({
      caseId: 'c0',
      position: 0,
      state: { mode: 'text', text: 'case text 0' },
      note: '',
      status: 'done',
      questions,
      labels: { cats: expected },
      expected: { cats: expected },
      review: verdicts.has('c0') ? { verdict: verdicts.get('c0'), comment: '', updatedAt: 1 } : undefined,
      labelEdits: [...edits],
    }),
  });
}

function renderView() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <RunsView setId="set-1" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetBatchProgress();
  useWorkbench.setState({ view: 'runs', runId: 'run-1', otherRunId: undefined });
});

describe('review in the results grid', () => {
  it('marks the focused row with A and D, shows the mark, and filters by it', async () => {
    const fake = bridge();
    renderView();
    const open = await screen.findByRole('button', { name: 'Open case 2' });
    open.focus();
    fireEvent.keyDown(open, { key: 'a' });
    await waitFor(() =>
      expect(fake.calls.find((c) => c.route === 'judge.batch.mark')?.input).toEqual({
        id: 'run-1',
        caseId: 'c1',
        verdict: 'agree',
      }),
    );
    const table = screen.getByRole('table', { name: 'Results' });
    await within(table).findByText('You agree with the judge');

    // The same key again clears it; D marks disagree.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Open case 2' }), { key: 'a' });
    await waitFor(() => expect(within(table).queryByText('You agree with the judge')).toBeNull());
    fireEvent.keyDown(screen.getByRole('button', { name: 'Open case 1' }), { key: 'd' });
    await within(table).findByText('You disagree with the judge');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Open case 3' }), { key: 'a' });
    await within(table).findByText('You agree with the judge');

    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'agreed' } });
    await waitFor(() => expect(within(table).queryByText('case text 0')).toBeNull());
    expect(within(table).getByText('case text 2')).toBeTruthy();
    expect(fake.calls.filter((c) => c.route === 'judge.batch.grid').at(-1)?.input).toMatchObject({
      filter: 'agreed',
    });
  });

  it('corrects a label from the case and shows who corrected it', async () => {
    const fake = bridge();
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Open case 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case 1' });
    const panel = await within(dialog).findByRole('region', { name: 'Your review' });
    expect(within(panel).getByText('This label has not been corrected.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Disagree with the judge' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.route === 'judge.batch.mark')?.input).toMatchObject({
        verdict: 'disagree',
      }),
    );
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Correct the label of cats' }), {
      target: { value: 'true' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Correct cats' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.route === 'judge.batch.correctLabel')?.input).toEqual({
        id: 'run-1',
        caseId: 'c0',
        question: 'cats',
        value: true,
      }),
    );
    await within(panel).findByText(/cats: false → true, by ada/);
  });
});
