import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeBridge } from '../../test/fake-bridge';
import { useChat } from './chat-store';
import { Composer } from './Composer';
import { MessageList } from './MessageList';

beforeEach(() => {
  useChat.setState({
    messages: [],
    draft: '',
    model: 'sandbox-chat-1',
    live: {},
    error: undefined,
    conversationId: undefined,
  });
});

describe('Composer', () => {
  it('sends with Enter, shows Stop in the same place, and streams deltas into the reply', async () => {
    const bridge = installFakeBridge({
      'chat.reply': (input) => ({ conversationId: (input as { conversationId: string }).conversationId }),
    });
    render(
      <>
        <MessageList />
        <Composer />
      </>,
    );
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'Hi there' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const stop = await screen.findByRole('button', { name: 'Stop' });
    expect(bridge.calls[0]).toMatchObject({
      route: 'chat.reply',
      input: { model: 'sandbox-chat-1', messages: [{ role: 'user', content: 'Hi there' }] },
    });
    const id = bridge.streamId();
    await waitFor(() => expect((stop as HTMLButtonElement).disabled).toBe(false));
    bridge.streamEvent(id, { type: 'delta', text: 'Hello ' });
    bridge.streamEvent(id, { type: 'delta', text: '**world**' });
    await waitFor(() => expect(screen.getByText('world').tagName).toBe('STRONG'));
    // Stopping is unsubscribing; the text shown so far stays as the stopped reply.
    fireEvent.click(stop);
    expect(bridge.unsubscribed).toEqual([id]);
    await screen.findByText('Stopped — the text so far is kept.');
    expect(screen.getByText('world').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('puts the draft back and explains when the send is refused', async () => {
    installFakeBridge({
      'chat.reply': () => {
        throw { code: 'no_key', message: 'no key' };
      },
    });
    render(<Composer />);
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Keep these words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toContain('This profile has no API key yet');
    expect(box.value).toBe('Keep these words');
    expect(useChat.getState().messages).toEqual([]);
  });

  it('shows a failed reply with its error and the text that arrived', async () => {
    const bridge = installFakeBridge({ 'chat.reply': () => ({ conversationId: 'c1' }) });
    render(
      <>
        <MessageList />
        <Composer />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Go' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Stop' });
    const error = { code: 'network', message: 'cut' };
    bridge.streamEvent(
      bridge.streamId(),
      { type: 'error', message: { role: 'assistant', content: 'Partial answer', error }, error },
      true,
    );
    await screen.findByText('Partial answer');
    expect(screen.getByRole('alert').textContent).toContain('connection was cut');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});

describe('Composer without a model', () => {
  it('says a model is needed instead of doing nothing, and keeps the draft', async () => {
    const bridge = installFakeBridge({});
    useChat.setState({ model: '' });
    render(<Composer />);
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toContain('pick or type a model first');
    expect(box.value).toBe('Hello?');
    expect(bridge.calls).toHaveLength(0);
  });
});

describe('regenerate', () => {
  it('sends the history up to the last user message again', async () => {
    const bridge = installFakeBridge({
      'chat.reply': () => ({ conversationId: 'c9' }),
    });
    useChat.setState({
      conversationId: 'c9',
      messages: [
        { role: 'user', content: 'Q1' },
        { role: 'assistant', content: 'A1' },
      ],
    });
    render(<MessageList />);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(bridge.calls).toHaveLength(1));
    expect(bridge.calls[0].input).toMatchObject({
      conversationId: 'c9',
      messages: [{ role: 'user', content: 'Q1' }],
    });
  });
});
