import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '../../../src-shared/chat/conversation';
import { installFakeBridge } from '../../test/fake-bridge';
import { useChat } from './chat-store';
import { ConversationList } from './ConversationList';

// Rendered by the list itself: how often it renders is how often the list does.
const searchRenders = vi.hoisted(() => ({ count: 0 }));
// Each row asks for its rename, delete and pin mutations: how often rows render.
const rowHooks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../hooks/use-route', async (real) => {
  const actual = await real<typeof import('../../hooks/use-route')>();
  return {
    ...actual,
    useRouteMutation: ((...args: Parameters<typeof actual.useRouteMutation>) => {
      rowHooks.count++;
      return actual.useRouteMutation(...args);
    }) as typeof actual.useRouteMutation,
  };
});
vi.mock('./ConversationSearch', () => ({
  ConversationSearch: () => {
    searchRenders.count++;
    return null;
  },
}));

const summary = (id: string, title: string): ConversationSummary => ({
  id,
  title,
  createdAt: 0,
  updatedAt: 0,
  messageCount: 2,
  pinned: false,
});

describe('ConversationList export', () => {
  it('says where the file went, for one conversation and for all of them', async () => {
    const bridge = installFakeBridge({
      'chat.conversations.list': () => [summary('c1', 'Zebras'), summary('c2', 'Lions')],
      'chat.conversations.export': (input) => {
        const { format, ids } = input as { format: string; ids?: string[] };
        return `/home/me/exports/${ids ? ids.join('-') : 'all'}.${format === 'json' ? 'json' : 'md'}`;
      },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ConversationList />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('complementary', { name: 'Conversations' });
    fireEvent.click(await within(list).findByRole('button', { name: 'Export Zebras' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Export as Zebras' })).getByRole('button', {
        name: 'Markdown',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Exported to /home/me/exports/c1.md');
    expect(bridge.calls.find((c) => c.route === 'chat.conversations.export')?.input).toEqual({
      format: 'markdown',
      ids: ['c1'],
    });

    fireEvent.click(
      within(screen.getByRole('group', { name: 'Export all as' })).getByRole('button', { name: 'JSON' }),
    );
    expect(await screen.findByText('Exported to /home/me/exports/all.json')).toBeTruthy();
  });
});

describe('ConversationList on opening a conversation', () => {
  it('marks the row opened and the row left, without rendering the list or the rows again', async () => {
    installFakeBridge({
      'chat.conversations.list': () => [summary('c1', 'Zebras'), summary('c2', 'Lions')],
    });
    act(() => useChat.setState({ conversationId: 'c1' }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ConversationList />
      </QueryClientProvider>,
    );
    const lions = await screen.findByRole('button', { name: /^Lions/ });
    const zebras = screen.getByRole('button', { name: /^Zebras/ });
    expect(zebras.getAttribute('aria-current')).toBe('true');
    const before = searchRenders.count;
    const rowsBefore = rowHooks.count;
    act(() => useChat.setState({ conversationId: 'c2' }));
    expect(lions.getAttribute('aria-current')).toBe('true');
    expect(zebras.getAttribute('aria-current')).not.toBe('true');
    expect(searchRenders.count).toBe(before);
    // Only the two buttons render again, not the rows around them.
    expect(rowHooks.count).toBe(rowsBefore);
  });
});
