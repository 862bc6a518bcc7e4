import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StoredSet } from '../../../../src-shared/judge/question-set';
import { installFakeBridge } from '../../../test/fake-bridge';
import { SetCodeButton } from './SetCodeDialog';

const questions = [
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
  { name: 'refund', type: 'noul' as const, instructions: 'Offers a refund', options: [], levels: [] },
];
const set: StoredSet = {
  id: 'set-1',
  name: 'Support',
  createdAt: 1,
  updatedAt: 2,
  revisions: [
    { revision: 1, savedAt: 1, questions },
    { revision: 2, savedAt: 2, questions, tuning: { thresholds: { refund: 0.72 }, minimums: {} } },
  ],
};

function open(handlers: Record<string, (input: unknown) => unknown>) {
  installFakeBridge({
    'profiles.list': () => ({
      profiles: [
        { id: 'p1', kind: 'openai-compatible', host: 'https://gw.example/v1', judgeSegment: 'partner' },
      ],
      activeId: 'p1',
    }),
    ...handlers,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SetCodeButton setId="set-1" />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Code with thresholds' }));
  return screen.getByRole('dialog', { name: 'The question set as code' });
}

const codeIn = (dialog: HTMLElement) => within(dialog).getByRole('tabpanel').textContent ?? '';

describe('the question set as code, with its thresholds', () => {
  it('shows TypeScript first with the tuned threshold, the pinned model and the profile’s address', async () => {
    const dialog = open({ 'judge.sets.get': () => set });
    await waitFor(() => expect(codeIn(dialog)).toContain('https://gw.example/partner/v1/systemone'));
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['TypeScript', 'Python', 'curl']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    expect(codeIn(dialog)).toContain('const thresholds: Record<string, number> = {"refund":0.72};');
    expect(codeIn(dialog)).toContain('"model": "judge-1.13.0"');
    expect(codeIn(dialog)).toContain("need('GATEWAY_API_KEY')");
    expect(codeIn(dialog)).not.toMatch(/sk-/);
    expect(dialog.textContent).toContain('Noul answers are read at the tuned thresholds: refund 0.72.');
  });

  it('switches language by click and by arrow key, and the model pin by the select', async () => {
    const dialog = open({ 'judge.sets.get': () => set });
    await waitFor(() => expect(codeIn(dialog)).toContain('fetch('));
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Python' }));
    expect(codeIn(dialog)).toContain('import requests');
    expect(codeIn(dialog)).toContain('THRESHOLDS = {"refund": 0.72}');
    fireEvent.keyDown(within(dialog).getByRole('tab', { name: 'Python' }), { key: 'ArrowRight' });
    const curl = within(dialog).getByRole('tab', { name: 'curl' });
    expect(curl.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(curl);
    expect(codeIn(dialog)).toMatch(/^# {3}refund {2}0\.72$/m);
    expect(codeIn(dialog)).toContain('jq');

    expect(within(dialog).queryByText(/is an alias/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Judge model'), { target: { value: 'judge-latest' } });
    expect(codeIn(dialog)).toContain('"model": "judge-latest"');
    expect(within(dialog).getByText(/judge-latest is an alias/).textContent).toContain('Pin judge-1.13.0');
  });

  it('copies the code shown, and closes', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const dialog = open({ 'judge.sets.get': () => set });
    await waitFor(() => expect(codeIn(dialog)).toContain('fetch('));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(codeIn(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(dialog).queryByRole('tabpanel')).toBeNull());
  });

  it('says when nothing is tuned yet, and shows the error when the set cannot be read', async () => {
    const untuned = open({ 'judge.sets.get': () => ({ ...set, revisions: [set.revisions[0]] }) });
    await waitFor(() => expect(untuned.textContent).toContain('every noul answer is read at 0.5'));
    expect(codeIn(untuned)).toContain('{"refund":0.5}');
    cleanup();

    const failing = open({
      'judge.sets.get': () => {
        throw { code: 'not_found', message: 'That question set no longer exists.' };
      },
    });
    expect(await within(failing).findByRole('alert')).toBeTruthy();
    expect(within(failing).queryByRole('tabpanel')).toBeNull();
  });
});
