import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatPreset } from '../../../src-shared/chat/chat-preset';
import { installFakeBridge } from '../../test/fake-bridge';
import { PresetBar } from './PresetBar';

const preset = (id: string, name: string): ChatPreset => ({
  id,
  name,
  updatedAt: 1,
  model: 'm',
  system: '',
  params: {},
});

describe('PresetBar', () => {
  it('asks before deleting a preset, and deletes only the one confirmed', async () => {
    let list = [preset('p1', 'Terse'), preset('p2', 'Verbose')];
    const bridge = installFakeBridge({
      'chat.presets.list': () => list,
      'chat.presets.delete': (input) => {
        list = list.filter((p) => p.id !== (input as { id: string }).id);
        return null;
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PresetBar />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete preset Terse' }));
    expect(screen.getByText('Delete the preset Terse? Its settings cannot be restored.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(bridge.calls.filter((c) => c.route === 'chat.presets.delete')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Terse' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete preset Verbose' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Verbose' })).toBeNull());
    expect(bridge.calls.filter((c) => c.route === 'chat.presets.delete')).toEqual([
      { route: 'chat.presets.delete', input: { id: 'p2' } },
    ]);
    expect(screen.getByRole('button', { name: 'Terse' })).toBeTruthy();
  });
});
