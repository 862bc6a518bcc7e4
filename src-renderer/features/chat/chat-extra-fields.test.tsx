import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-shared/chat/conversation';
import { installFakeBridge } from '../../test/fake-bridge';
import { headRoutes } from './head-routes.test-helper';
import { ChatTab } from './ChatTab';
import { useChat } from './chat-store';

const saved: Conversation = {
  id: 'a',
  title: 'Alpha',
  createdAt: 1,
  updatedAt: 1,
  model: 'sandbox-chat-1',
  system: '',
  params: {},
  extra: { top_k: 42 },
  messages: [
    { role: 'user', content: 'First' },
    { role: 'assistant', content: 'Reply' },
  ],
};

function renderChat() {
  const bridge = installFakeBridge({
    'chat.conversations.list': () => [{ id: 'a', title: 'Alpha', updatedAt: 1, messageCount: 2 }],
    'chat.conversations.get': () => saved,
    ...headRoutes(() => saved),
    'chat.reply': (input) => ({ conversationId: (input as { conversationId: string }).conversationId }),
    'models.list': () => [],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChatTab />
    </QueryClientProvider>,
  );
  return bridge;
}

const editor = () => screen.getByLabelText('Extra body fields (JSON object)') as HTMLTextAreaElement;
const typeMessage = (text: string) => {
  const box = screen.getByLabelText('Message');
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
};

beforeEach(() => {
  useChat.setState({
    conversationId: undefined,
    messages: [],
    draft: '',
    model: 'sandbox-chat-1',
    extraText: '',
    live: {},
    error: undefined,
  });
});

describe('extra body fields in chat', () => {
  it('reopening a conversation restores its extras, and the next reply sends them', async () => {
    const bridge = renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Alpha' }));
    await waitFor(() => expect(editor().value).toBe('{\n  "top_k": 42\n}'));
    typeMessage('Again');
    await waitFor(() => expect(bridge.calls.some((c) => c.route === 'chat.reply')).toBe(true));
    expect(bridge.calls.find((c) => c.route === 'chat.reply')?.input).toMatchObject({ extra: { top_k: 42 } });
  });

  it('does not send while the extras are not valid, and keeps the message typed', async () => {
    const bridge = renderChat();
    fireEvent.change(editor(), { target: { value: '{"messages": []}' } });
    expect(screen.getByText('extra.messages: is set by the form — change it there.')).toBeTruthy();
    typeMessage('Hello');
    await waitFor(() =>
      expect(screen.getByText(/Please fix: extra\.messages: is set by the form/)).toBeTruthy(),
    );
    expect(bridge.calls.some((c) => c.route === 'chat.reply')).toBe(false);
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
  });
});
