import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/i18n';
import { installFakeBridge } from '../../test/fake-bridge';
import { draftOf } from './eval-draft';
import { EvalsTab } from './EvalsTab';
import { useEvals } from './evals-store';
import { rowsOf, storedEval } from './evals-fixtures';

await loadMessages('evals');

function renderTab() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <EvalsTab />
    </QueryClientProvider>,
  );
}

const common = {
  'evals.list': () => [
    { id: 'e1', name: 'Support replies', createdAt: 1, updatedAt: 2, rows: 3, variants: 1, targets: 1 },
  ],
  'evals.get': () => storedEval,
  'evals.rows.page': rowsOf(3),
  'profiles.list': () => ({ profiles: [{ id: 'sandbox', name: 'Sandbox' }], activeId: 'sandbox' }),
  'models.list': () => [],
  'chat.presets.list': () => [],
  'judge.sets.list': () => [],
};

beforeEach(() => useEvals.getState().close());

describe('the eval editor', () => {
  it('explains what an eval is when none is open, and offers New and Import eval file…', async () => {
    installFakeBridge({ ...common, 'evals.list': () => [] });
    renderTab();
    expect(screen.getByRole('heading', { name: /Evals: which prompt/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /New eval/ }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Import eval file…').length).toBeGreaterThan(0);
    await screen.findByText('No evals yet.');
  });

  it('names a placeholder that is not a column under its field before saving', async () => {
    installFakeBridge(common);
    useEvals.getState().open('e1', draftOf(storedEval));
    renderTab();
    const user = screen.getByLabelText('User template');
    fireEvent.change(user, { target: { value: 'Hi {{customer}}, about {{topic}}' } });
    expect(
      screen.getByText('uses {{topic}}, which is not a column of the dataset (customer, issue)'),
    ).toBeTruthy();
    expect(user.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('shows main’s refusal under the field by its path and keeps everything typed', async () => {
    const bridge = installFakeBridge({
      ...common,
      'evals.update': () => {
        throw {
          code: 'invalid_input',
          message: 'spec.targets.0.model: is required',
          details: { issues: [{ path: 'spec.targets.0.model', message: 'is required' }] },
        };
      },
    });
    useEvals.getState().open('e1', draftOf(storedEval));
    renderTab();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Renamed eval' } });
    fireEvent.change(screen.getByLabelText('System template'), { target: { value: 'Be kind.' } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await screen.findByText(/Not saved: 1 problems/);
    expect(bridge.calls.find((c) => c.route === 'evals.update')?.input).toMatchObject({
      id: 'e1',
      spec: { name: 'Renamed eval', variants: [{ system: 'Be kind.' }] },
    });
    // Under the model field, and in the list by path.
    expect(document.getElementById('eval-t0-model-err')?.textContent).toBe('is required');
    expect(screen.getByText('targets.0.model')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Renamed eval');
    expect((screen.getByLabelText('System template') as HTMLTextAreaElement).value).toBe('Be kind.');
    expect(useEvals.getState().draft?.name).toBe('Renamed eval');
  });

  it('saves with the Save button and is clean afterwards', async () => {
    const bridge = installFakeBridge({
      ...common,
      'evals.update': (input) => ({ ...storedEval, ...(input as { spec: object }).spec, updatedAt: 3 }),
    });
    useEvals.getState().open('e1', draftOf(storedEval));
    renderTab();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Better name' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(bridge.calls.filter((c) => c.route === 'evals.update')).toHaveLength(1);
  });

  it('asks before leaving unsaved changes; Cancel keeps them, Discard opens the other eval', async () => {
    installFakeBridge({
      ...common,
      'evals.list': () => [
        { id: 'e1', name: 'Support replies', createdAt: 1, updatedAt: 2, rows: 3, variants: 1, targets: 1 },
        { id: 'e2', name: 'Other', createdAt: 1, updatedAt: 1, rows: 0, variants: 1, targets: 1 },
      ],
      'evals.get': (input) =>
        (input as { id: string }).id === 'e2' ? { ...storedEval, id: 'e2', name: 'Other' } : storedEval,
    });
    useEvals.getState().open('e1', draftOf(storedEval));
    renderTab();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Edited' } });
    fireEvent.click(await screen.findByRole('button', { name: /^Other/ }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(prompt.textContent).toContain('“Edited” has unsaved changes.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Edited');
    fireEvent.click(screen.getByRole('button', { name: /^Other/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Other'));
  });

  it('turns a minimum into "column B not worse than column A", with the columns to pick and a margin', () => {
    installFakeBridge(common);
    const twoTargets = {
      ...storedEval,
      targets: [...storedEval.targets, { id: 't2', profileId: 'sandbox', model: 'sandbox-chat-mini' }],
      minimums: [{ kind: 'pass-rate' as const, of: 'checks' as const, min: 0.8, gate: 'point' as const }],
    };
    useEvals.getState().open('e1', draftOf(twoTargets));
    renderTab();
    fireEvent.change(screen.getByLabelText('Of'), { target: { value: 'not-worse' } });
    expect(useEvals.getState().draft?.minimums[0]).toEqual({
      kind: 'not-worse',
      of: 'checks',
      a: { variantId: 'v1', targetId: 't1' },
      b: { variantId: 'v1', targetId: 't2' },
      margin: 0,
    });
    fireEvent.change(screen.getByLabelText('Column B'), { target: { value: 'v1\u0000t1' } });
    fireEvent.change(screen.getByLabelText('By at most (margin)'), { target: { value: '0.05' } });
    expect(useEvals.getState().draft?.minimums[0]).toMatchObject({
      b: { variantId: 'v1', targetId: 't1' },
      margin: 0.05,
    });
    expect(screen.queryByLabelText('Gate on')).toBeNull();
  });
});
