import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeBridge } from '../../test/fake-bridge';
import { DeleteEntryButton } from './DeleteEntryButton';

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

describe('DeleteEntryButton', () => {
  it('asks first, names the entry, and deletes only on confirm', async () => {
    const bridge = installFakeBridge({ 'media.history.delete': () => null });
    wrap(
      <>
        <DeleteEntryButton id="a1" name="red boat" />
        <DeleteEntryButton id="b2" name="blue car" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete “red boat”' }));
    const group = screen.getByRole('group', { name: 'Delete “red boat”' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(bridge.calls).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete “red boat”' }));
    expect(group.isConnected).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete “blue car”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(bridge.calls).toEqual([{ route: 'media.history.delete', input: { id: 'b2' } }]),
    );
  });
});
