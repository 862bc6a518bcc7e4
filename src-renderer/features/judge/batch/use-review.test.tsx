import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeBridge } from '../../../test/fake-bridge';
import { resetBatchProgress, useBatchProgress } from './batch-progress-store';
import { useReview } from './use-review';

let review: ReturnType<typeof useReview> | undefined;

function Asker() {
  review = useReview('run-1');
  return null;
}

beforeEach(() => resetBatchProgress());

describe('useReview', () => {
  it('refreshes the grid when the answer comes after the row that asked has gone', async () => {
    let answer: ((v: unknown) => void) | undefined;
    installFakeBridge({
      'judge.batch.mark': () => new Promise((resolve) => (answer = resolve)),
      'judge.batch.correctLabel': () => [],
    });
    const qc = new QueryClient();
    const view = render(
      <QueryClientProvider client={qc}>
        <Asker />
      </QueryClientProvider>,
    );
    review!.setMark('c1', 'agree', undefined);
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    // The row scrolls away (or re-renders under another key) before main answers.
    view.unmount();
    answer!({ verdict: 'agree', comment: '', updatedAt: 1 });
    await waitFor(() => expect(useBatchProgress.getState().gridTick['run-1']).toBe(1));
  });

  it('refreshes the grid after a corrected label, once per answer', async () => {
    installFakeBridge({ 'judge.batch.correctLabel': () => [] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Asker />
      </QueryClientProvider>,
    );
    review!.correctLabel('c1', 'cats', true);
    await waitFor(() => expect(useBatchProgress.getState().gridTick['run-1']).toBe(1));
    review!.correctLabel('c1', 'cats', false);
    await waitFor(() => expect(useBatchProgress.getState().gridTick['run-1']).toBe(2));
  });
});
