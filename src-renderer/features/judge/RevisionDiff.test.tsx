import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Question } from '../../../src-shared/judge/question-rules';
import type { SetRevision, StoredSet } from '../../../src-shared/judge/question-set';
import { installFakeBridge } from '../../test/fake-bridge';
import { useJudge } from './judge-store';
import { RevisionList, RevisionView } from './RevisionView';

const cats = (instructions: string): Question => ({
  name: 'cats',
  type: 'noul',
  instructions,
  options: [],
  levels: [],
});

let revisions: SetRevision[];
const set = (): StoredSet => ({ id: 'set-1', name: 'Pets', createdAt: 1, updatedAt: 1, revisions });

beforeEach(() => {
  useJudge.getState().newSet();
  revisions = [
    { revision: 1, savedAt: 1, questions: [cats('The text is about cats')] },
    { revision: 2, savedAt: 2, questions: [cats('The text is about dogs')] },
  ];
});

function renderList(view = false) {
  const bridge = installFakeBridge({
    'judge.sets.revisions': () =>
      [...revisions]
        .reverse()
        .map((r) => ({ revision: r.revision, savedAt: r.savedAt, questionCount: r.questions.length })),
    'judge.sets.revision': (input) => ({
      id: 'set-1',
      name: 'Pets',
      revision: revisions[(input as { revision: number }).revision - 1],
      latestRevision: revisions.length,
    }),
    'judge.sets.restore': (input) => {
      const { revision } = input as { revision: number };
      revisions = [...revisions, { ...revisions[revision - 1], revision: revisions.length + 1, savedAt: 3 }];
      return set();
    },
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      {view ? <RevisionView /> : <RevisionList setId="set-1" />}
    </QueryClientProvider>,
  );
  return bridge;
}

describe('comparing and restoring revisions', () => {
  it('shows the previous revision against the latest, the changed words marked', async () => {
    renderList();
    const region = await screen.findByRole('region', { name: 'Compare revisions' });
    expect((screen.getByLabelText('A') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('B') as HTMLSelectElement).value).toBe('2');
    await waitFor(() => expect(region.textContent).toContain('Changed: cats'));
    // Read aloud as words, since <ins>/<del> are mostly silent.
    expect(region.querySelector('del')?.textContent).toBe('removed cats');
    expect(region.querySelector('ins')?.textContent).toBe('added dogs');
  });

  it('restores A as a new revision after confirming, and the builder opens it', async () => {
    const bridge = renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore revision 1' }));
    expect(bridge.calls.some((c) => c.route === 'judge.sets.restore')).toBe(false);
    // The confirmation takes the focus; Cancel gives it back to the button that asked.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Restore' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Restore revision 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Restore revision 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(bridge.calls.find((c) => c.route === 'judge.sets.restore')?.input).toEqual({
        id: 'set-1',
        revision: 1,
      }),
    );
    await waitFor(() => expect(useJudge.getState().setId).toBe('set-1'));
    expect(useJudge.getState().draft.questions[0].instructions).toBe('The text is about cats');
    // The view starts over at the revision before against the new one.
    await waitFor(() => expect((screen.getByLabelText('B') as HTMLSelectElement).value).toBe('3'));
    expect((screen.getByLabelText('A') as HTMLSelectElement).value).toBe('2');
  });

  it('offers no restore of the latest revision', async () => {
    renderList();
    fireEvent.change(await screen.findByLabelText('A'), { target: { value: '2' } });
    expect(screen.getByRole('button', { name: 'Restore revision 2' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() =>
      expect(screen.getByText('The two revisions have the same questions and tuning.')).toBeTruthy(),
    );
  });

  it('restores the revision a run used from its read-only view, which then closes', async () => {
    useJudge.getState().viewRevision('set-1', 1);
    const bridge = renderList(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore revision 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(useJudge.getState().viewing).toBeUndefined());
    expect(bridge.calls.find((c) => c.route === 'judge.sets.restore')?.input).toEqual({
      id: 'set-1',
      revision: 1,
    });
    expect(useJudge.getState().draft.questions[0].instructions).toBe('The text is about cats');
  });

  it('keeps the view open with the reason when main refuses', async () => {
    useJudge.getState().viewRevision('set-1', 1);
    installFakeBridge({
      'judge.sets.revision': () => ({ id: 'set-1', name: 'Pets', revision: revisions[0], latestRevision: 2 }),
      'judge.sets.restore': () => {
        throw { code: 'not_found', message: 'Revision 1 of “Pets” does not exist.' };
      },
    });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <RevisionView />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Restore revision 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/does not exist/)).toBeTruthy();
    expect(useJudge.getState().viewing).toEqual({ setId: 'set-1', revision: 1 });
  });
});
