import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeBridge } from '../../test/fake-bridge';
import { useChat } from './chat-store';
import { MoreParams, ToolsEditor } from './lazy-chat-parts';

/** Opens a folded panel as a click on its title does (jsdom does not toggle on a click). */
async function open(details: HTMLDetailsElement) {
  await act(async () => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
}

describe('the folded panels, loaded when wanted', () => {
  beforeEach(() => useChat.getState().setParams({}));

  it('show only their title until opened; opened, the panel loads open and works', async () => {
    render(<MoreParams />);
    const folded = screen.getByText('More controls').closest('details')!;
    expect(folded.open).toBe(false);
    expect(screen.queryByLabelText('Seed')).toBeNull();
    await open(folded);
    const seed = await screen.findByLabelText('Seed');
    expect(seed.closest('details')!.open).toBe(true);
    fireEvent.change(seed, { target: { value: '7' } });
    expect(useChat.getState().params).toEqual({ seed: 7 });
  });

  it('move the focus to the loaded panel’s title when it was opened from the keyboard', async () => {
    installFakeBridge({ 'chat.tools.checkSchema': () => [] });
    render(<ToolsEditor />);
    const title = screen.getByText('Tools (function calling)');
    title.focus();
    await open(title.closest('details')!);
    const add = await screen.findByRole('button', { name: 'Add function' });
    const loadedTitle = add.closest('details')!.querySelector('summary')!;
    expect(loadedTitle).not.toBe(title);
    expect(document.activeElement).toBe(loadedTitle);
  });

  it('load at once, open, when the chat’s parameters use them', async () => {
    useChat.getState().setParams({ seed: 3 });
    render(<MoreParams />);
    const seed = (await screen.findByLabelText('Seed')) as HTMLInputElement;
    expect(seed.value).toBe('3');
    expect(seed.closest('details')!.open).toBe(true);
  });
});
