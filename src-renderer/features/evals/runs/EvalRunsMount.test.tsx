import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/i18n';
import { installFakeBridge } from '../../../test/fake-bridge';
import { draftOf } from '../eval-draft';
import { EvalEditor } from '../EvalEditor';
import { useEvals } from '../evals-store';
import { rowsOf, storedEval } from '../evals-fixtures';
import { runView } from './runs-fixtures.test-helper';

await loadMessages('evals');

function renderEditor() {
  installFakeBridge({
    'evals.rows.page': rowsOf(3),
    'profiles.list': () => ({ profiles: [{ id: 'sandbox', name: 'Sandbox' }], activeId: 'sandbox' }),
    'models.list': () => [],
    'chat.presets.list': () => [],
    'judge.sets.list': () => [],
    'evals.runs.list': () => [runView({}, 3)],
    'evals.runs.cells': () => ({ total: 3, rows: [] }),
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <EvalEditor />
    </QueryClientProvider>,
  );
}

beforeEach(() => useEvals.getState().close());

describe('the eval editor’s Runs & results view', () => {
  it('is offered for a saved eval and mounts the runs panel and matrix', async () => {
    useEvals.getState().open('e1', draftOf(storedEval));
    renderEditor();
    fireEvent.click(screen.getByRole('tab', { name: 'Runs & results' }));
    expect(await screen.findByRole('region', { name: 'Runs' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Results matrix' })).toBeTruthy();
  });

  it('is not offered for a new eval, which has no runs until it is saved', () => {
    useEvals.getState().open(undefined, draftOf(storedEval));
    useEvals.getState().setView('runs');
    renderEditor();
    expect(screen.queryByRole('tab', { name: 'Runs & results' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Definition' }).getAttribute('aria-selected')).toBe('true');
  });
});
