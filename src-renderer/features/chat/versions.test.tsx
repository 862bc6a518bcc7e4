import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { switchBranch } from '../../../src-shared/chat/branches';
import { installFakeBridge } from '../../test/fake-bridge';
import { useChat } from './chat-store';
import { MessageList } from './MessageList';

const history: StoredMessage[] = [
  { role: 'user', content: 'Q1' },
  { role: 'assistant', content: 'A1' },
  { role: 'user', content: 'Q2' },
  {
    role: 'assistant',
    content: 'A2 newest',
    alternatives: [
      [{ role: 'assistant', content: 'A2 first' }],
      [{ role: 'assistant', content: 'A2 second' }],
    ],
    branchIndex: 2,
  },
];

beforeEach(() => {
  useChat.setState({
    conversationId: 'c1',
    messages: history,
    draft: '',
    model: 'm',
    live: {},
    error: undefined,
  });
});

const replies = () => screen.getAllByRole('article', { name: 'Assistant' });
const questions = () => screen.getAllByRole('article', { name: 'You' });

describe('editing a question', () => {
  it('sends the edited question with the history before it, and Esc cancels without sending', async () => {
    const bridge = installFakeBridge({ 'chat.reply': () => ({ conversationId: 'c1' }) });
    render(<MessageList />);
    fireEvent.click(within(questions()[0]).getByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText('Edit your question') as HTMLTextAreaElement;
    expect(box.value).toBe('Q1');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByLabelText('Edit your question')).toBeNull();
    expect(bridge.calls).toHaveLength(0);

    fireEvent.click(within(questions()[1]).getByRole('button', { name: 'Edit' }));
    const again = screen.getByLabelText('Edit your question');
    fireEvent.change(again, { target: { value: 'Q2, better' } });
    fireEvent.keyDown(again, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(bridge.calls).toHaveLength(1));
    expect(bridge.calls[0].input).toMatchObject({
      conversationId: 'c1',
      messages: [history[0], history[1], { role: 'user', content: 'Q2, better' }],
    });
  });

  it('will not send an empty edit', () => {
    installFakeBridge({});
    render(<MessageList />);
    fireEvent.click(within(questions()[0]).getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Edit your question'), { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Send edited' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('versions', () => {
  it('shows where the reply stands among its versions and flips through main', async () => {
    const bridge = installFakeBridge({
      'chat.conversations.switchBranch': (input) => {
        const { position, index } = input as { position: number; index: number };
        return { id: 'c1', messages: switchBranch(history, position, index) };
      },
    });
    render(<MessageList />);
    const versions = within(replies()[1]).getByRole('group', { name: 'Versions' });
    expect(versions.textContent).toContain('3/3');
    expect(
      (within(versions).getByRole('button', { name: 'Next version' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(versions).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(within(replies()[1]).getByText('A2 second')).toBeTruthy());
    expect(bridge.calls[0]).toMatchObject({
      route: 'chat.conversations.switchBranch',
      input: { id: 'c1', position: 3, index: 1 },
    });
    expect(within(replies()[1]).getByRole('group', { name: 'Versions' }).textContent).toContain('2/3');
    // A message with one version shows no switcher.
    expect(within(replies()[0]).queryByRole('group', { name: 'Versions' })).toBeNull();
  });

  it('regenerates an earlier reply from the question before it', async () => {
    const bridge = installFakeBridge({ 'chat.reply': () => ({ conversationId: 'c1' }) });
    render(<MessageList />);
    fireEvent.click(within(replies()[0]).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(bridge.calls).toHaveLength(1));
    expect(bridge.calls[0].input).toMatchObject({ messages: [history[0]] });
  });
});

describe('Continue', () => {
  const cut: StoredMessage[] = [
    { role: 'user', content: '6 × 7?' },
    { role: 'assistant', content: 'Six times seven', stats: { totalMs: 5, finishReason: 'length' } },
  ];

  it('is offered on the last reply cut at the limit, and the rest grows from the cut text', async () => {
    const bridge = installFakeBridge({ 'chat.reply': () => ({ conversationId: 'c1' }) });
    useChat.setState({ messages: cut });
    render(<MessageList />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(bridge.calls).toHaveLength(1));
    expect(bridge.calls[0].input).toMatchObject({ messages: cut, continueReply: true });
    bridge.streamEvent(bridge.streamId(), { type: 'delta', text: ' is 42.' });
    await waitFor(() => expect(screen.getByText('Six times seven is 42.')).toBeTruthy());
    // One reply on screen, not the cut one and a second.
    expect(replies()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('is not offered on a reply that ended normally or is not the last', () => {
    installFakeBridge({});
    useChat.setState({ messages: [...cut, { role: 'user', content: 'more' }] });
    render(<MessageList />);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});

describe('a long conversation', () => {
  it('opens with its latest messages and shows earlier ones on request', async () => {
    const bridge = installFakeBridge({ 'chat.reply': () => ({ conversationId: 'c1' }) });
    const long: StoredMessage[] = Array.from({ length: 200 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i}`,
    }));
    useChat.setState({ messages: long });
    render(<MessageList />);
    // The latest ones, about a view's worth (MessageList.test.tsx tests the windowing itself).
    const first = screen.getAllByRole('article').length;
    expect(first).toBeLessThan(30);
    expect(screen.getByText('message 199')).toBeTruthy();
    expect(screen.queryByText(`message ${199 - first}`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `Show earlier messages (${200 - first} more)` }));
    // The exchange before what was shown comes in.
    expect(screen.getByText(`message ${199 - first}`)).toBeTruthy();
    expect(screen.getByText(`message ${198 - first}`)).toBeTruthy();
    while (!screen.queryByText('message 80'))
      fireEvent.click(screen.getByRole('button', { name: /Show earlier messages/ }));
    // What was left behind is out of the page: it holds a window, not the whole conversation.
    expect(screen.getAllByRole('article').length).toBeLessThan(30);
    expect(screen.queryByText('message 199')).toBeNull();
    // Positions stay those of the whole conversation: editing message 80 edits message 80.
    const q80 = screen.getByText('message 80').closest('article')!;
    fireEvent.click(within(q80 as HTMLElement).getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Edit your question'), {
      target: { value: 'message 80, edited' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send edited' }));
    await waitFor(() => expect(bridge.calls).toHaveLength(1));
    const sent = (bridge.calls[0].input as { messages: StoredMessage[] }).messages;
    expect(sent).toHaveLength(81);
    expect(sent[80].content).toBe('message 80, edited');
  });
});
