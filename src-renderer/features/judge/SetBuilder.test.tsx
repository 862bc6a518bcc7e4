import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredSet } from '../../../src-shared/judge/question-set';
import { chooseFiles } from '../../test/choose-file';
import { installFakeBridge } from '../../test/fake-bridge';
import { useJudge } from './judge-store';
import { LeaveDialog } from './LeaveDialog';
import { SetBuilder } from './SetBuilder';
import { SetSidebar } from './SetSidebar';

function renderBuilder() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <SetSidebar />
      <LeaveDialog />
      <SetBuilder />
    </QueryClientProvider>,
  );
}

const validQuestions = [
  {
    name: 'tone',
    type: 'choice' as const,
    instructions: 'Tone?',
    options: [
      { name: 'calm', description: 'calm' },
      { name: 'angry', description: 'angry' },
    ],
    levels: [],
  },
];

function stored(name: string): StoredSet {
  return {
    id: 'set-1',
    name,
    createdAt: 1,
    updatedAt: 1,
    revisions: [{ revision: 1, savedAt: 1, questions: validQuestions }],
  };
}

beforeEach(() => {
  useJudge.getState().newSet();
  useJudge.setState({ pendingLeave: undefined, error: undefined });
});

describe('set builder validation', () => {
  it('shows a problem at the field as you type, tied to the field, without a live region', async () => {
    installFakeBridge({ 'judge.sets.list': () => [] });
    renderBuilder();
    const q = screen.getByRole('group', { name: 'Question question_1' });
    fireEvent.change(within(q).getByLabelText('Name (a JSON key)'), { target: { value: '9bad' } });
    const group = screen.getByRole('group', { name: 'Question 9bad' });
    const input = within(group).getByLabelText('Name (a JSON key)');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(error?.textContent).toMatch(/must start with a letter/);
    expect(error?.getAttribute('role')).toBeNull();

    fireEvent.change(input, { target: { value: 'constructor' } });
    const reserved = within(screen.getByRole('group', { name: 'Question constructor' })).getByLabelText(
      'Name (a JSON key)',
    );
    expect(document.getElementById(reserved.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /must not be “constructor”/,
    );
  });

  it('flags blank required fields only after a save attempt, and sends nothing invalid', async () => {
    const bridge = installFakeBridge({ 'judge.sets.list': () => [] });
    renderBuilder();
    const q = screen.getByRole('group', { name: 'Question question_1' });
    const instructions = within(q).getByLabelText('Instructions');
    expect(instructions.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save set' }));
    await waitFor(() => expect(instructions.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(instructions.getAttribute('aria-describedby')!)?.textContent).toBe(
      'is required',
    );
    expect(bridge.calls.some((c) => c.route === 'judge.sets.save')).toBe(false);
  });
});

describe('unsaved changes', () => {
  it('asks before New set replaces an edited draft: Cancel keeps it, Discard replaces it', async () => {
    installFakeBridge({ 'judge.sets.list': () => [] });
    renderBuilder();
    fireEvent.change(screen.getByLabelText('Set name'), { target: { value: 'My work' } });
    fireEvent.click(screen.getByRole('button', { name: '+ New set' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(dialog.textContent).toContain('“My work” has unsaved changes');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByLabelText('Set name') as HTMLInputElement).value).toBe('My work');

    fireEvent.click(screen.getByRole('button', { name: '+ New set' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Set name') as HTMLInputElement).value).toBe('Untitled set'),
    );
  });

  it('Save saves the draft first, then opens the other set', async () => {
    const bridge = installFakeBridge({
      'judge.sets.list': () => [
        { id: 'other', name: 'Other set', updatedAt: 1, questionCount: 1, revision: 1 },
      ],
      'judge.sets.get': () => ({ ...stored('Other set'), id: 'other' }),
      'judge.sets.save': (input) => stored((input as { set: { name: string } }).set.name),
    });
    useJudge.setState({ draft: { name: 'Mine', questions: validQuestions }, dirty: true, draftKeys: ['k1'] });
    renderBuilder();
    fireEvent.click(await screen.findByRole('button', { name: /^Other set/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    // Nothing is replaced while the question is open.
    expect((screen.getByLabelText('Set name') as HTMLInputElement).value).toBe('Mine');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Set name') as HTMLInputElement).value).toBe('Other set'),
    );
    const save = bridge.calls.find((c) => c.route === 'judge.sets.save');
    expect(save?.input).toMatchObject({ set: { name: 'Mine' } });
  });

  it('offers to save a set deleted elsewhere as a new set', async () => {
    const bridge = installFakeBridge({
      'judge.sets.list': () => [],
      'judge.sets.save': (input) => {
        if ((input as { id?: string }).id) throw { code: 'not_found', message: 'gone' };
        return stored('Mine');
      },
    });
    useJudge.setState({
      setId: 'gone',
      draft: { name: 'Mine', questions: validQuestions },
      dirty: true,
      draftKeys: ['k1'],
    });
    renderBuilder();
    fireEvent.click(screen.getByRole('button', { name: 'Save set' }));
    await waitFor(() => expect(useJudge.getState().setMissing).toBe(true));
    await useJudge.getState().saveAsNew();
    const saves = bridge.calls.filter((c) => c.route === 'judge.sets.save');
    expect(saves.map((c) => (c.input as { id?: string }).id)).toEqual(['gone', undefined]);
    expect(useJudge.getState()).toMatchObject({ setId: 'set-1', dirty: false, setMissing: false });
  });

  it('refuses a set file over 5 MB by its size, without reading it or calling main', async () => {
    const bridge = installFakeBridge({ 'judge.sets.list': () => [] });
    renderBuilder();
    const file = new File(['{}'], 'huge.json');
    Object.defineProperty(file, 'size', { value: 6_000_000 });
    const text = vi.spyOn(file, 'text');
    chooseFiles(screen.getByRole('button', { name: 'Import a question set (JSON file)' }), [file]);
    await screen.findByText(/huge\.json is larger than 5 MB/);
    expect(text).not.toHaveBeenCalled();
    expect(bridge.calls.some((c) => c.route === 'judge.sets.import')).toBe(false);
  });
});
