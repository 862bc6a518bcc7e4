import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { installFakeBridge } from '../../test/fake-bridge';
import { useChat } from './chat-store';
import { useCompare } from './compare-store';
import { CompareView } from './CompareView';

const PROFILES = { activeId: 'p1', profiles: [{ id: 'p1', name: 'Sandbox' }] };
const MODELS = [{ id: 'sandbox-chat-1' }, { id: 'sandbox-chat-mini' }];

const limited: StoredMessage = {
  role: 'assistant',
  content: '',
  error: { code: 'rate_limited', message: 'Rate limited', status: 429, retryAfterMs: 60_000 },
  stats: { endedAt: Date.now() } as StoredMessage['stats'],
};
const done = (content: string, extra: Partial<StoredMessage> = {}): StoredMessage => ({
  role: 'assistant',
  content,
  ...extra,
});

function setup(extraHandlers: Record<string, (input: unknown) => unknown> = {}) {
  const bridge = installFakeBridge({
    'profiles.list': () => PROFILES,
    'models.list': () => MODELS,
    'chat.conversations.list': () => [],
    'chat.compare': () => ({ profileId: 'p1' }),
    ...extraHandlers,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CompareView />
    </QueryClientProvider>,
  );
  return bridge;
}

const column = (n: number) => screen.getByRole('group', { name: `Column ${n}` });
const compareCalls = (bridge: ReturnType<typeof installFakeBridge>) =>
  bridge.calls.filter((c) => c.route === 'chat.compare');

async function sendToBoth(bridge: ReturnType<typeof installFakeBridge>, prompt: string) {
  await waitFor(() => expect(useCompare.getState().columns.every((c) => c.model)).toBe(true));
  fireEvent.change(screen.getByLabelText('Prompt for every column'), { target: { value: prompt } });
  fireEvent.click(screen.getByRole('button', { name: 'Send to all' }));
  await waitFor(() => expect(compareCalls(bridge)).toHaveLength(2));
}

beforeEach(() => {
  useChat.setState({
    messages: [],
    system: 'Be brief.',
    params: { temperature: 0.2 },
    extraText: '',
    variables: {},
    model: 'sandbox-chat-1',
    conversationId: undefined,
  });
  useCompare.setState({
    active: true,
    prompt: '',
    request: undefined,
    error: undefined,
    columns: [
      { key: 'a', profileId: '', model: '', text: '', reasoning: '' },
      { key: 'b', profileId: '', model: '', text: '', reasoning: '' },
    ],
  });
});

describe('side by side: one pane retried', () => {
  it('after a 429 in one pane, Retry re-sends that pane alone with the request as it was sent', async () => {
    const bridge = setup();
    await sendToBoth(bridge, 'Hello');
    const [first, second] = compareCalls(bridge);
    act(() => {
      bridge.streamEvent(first.streamId!, { type: 'done', message: done('Answer one') }, true);
      bridge.streamEvent(second.streamId!, { type: 'error', message: limited, error: limited.error }, true);
    });
    // The pane that failed counts down the wait the gateway asked for; the other keeps its reply.
    await within(column(2)).findByRole('button', { name: /Retry in \d+ s/ });
    expect(within(column(1)).getByText('Answer one')).toBeTruthy();

    // The form changes after Send: a retry still sends what the other pane answered.
    act(() => useChat.setState({ params: { temperature: 1.5 }, system: 'Changed.' }));
    await act(() => useCompare.getState().retry('b'));
    const calls = compareCalls(bridge);
    expect(calls).toHaveLength(3);
    expect(calls[2].input).toEqual(second.input);
    expect(calls[2].streamId).not.toBe(second.streamId);
    act(() => bridge.streamEvent(calls[2].streamId!, { type: 'done', message: done('Answer two') }, true));
    await within(column(2)).findByText('Answer two');
    expect(within(column(1)).getByText('Answer one')).toBeTruthy();
  });

  it('offers a plain Retry for any other failure, and sends only that pane', async () => {
    const bridge = setup();
    await sendToBoth(bridge, 'Hello');
    const [first, second] = compareCalls(bridge);
    const failed = done('', { error: { code: 'upstream', message: 'Bad gateway', status: 502 } });
    act(() => {
      bridge.streamEvent(first.streamId!, { type: 'done', message: done('Answer one') }, true);
      bridge.streamEvent(second.streamId!, { type: 'error', message: failed, error: failed.error }, true);
    });
    fireEvent.click(await within(column(2)).findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(compareCalls(bridge)).toHaveLength(3));
    expect(compareCalls(bridge)[2].input).toMatchObject({ model: 'sandbox-chat-mini' });
    expect(within(column(1)).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('side by side: the conversation’s views in every pane', () => {
  it('shows a tool call, a schema check and the JSON view, and keeps a tool-call-only reply', async () => {
    let kept: unknown;
    const bridge = setup({
      'chat.compare.keep': (input) => {
        kept = input;
        return { id: 'c1', title: 'Hello', messages: [], params: {}, system: '', model: 'x' };
      },
    });
    await sendToBoth(bridge, 'Hello');
    const [first, second] = compareCalls(bridge);
    const toolOnly = done('', {
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
    });
    const json = done('{"ok":true}', {
      formatCheck: {
        format: 'json_schema',
        name: 'answer',
        outcome: 'invalid',
        violations: [{ path: '/ok', message: 'must be string' }],
      },
    });
    act(() => {
      bridge.streamEvent(first.streamId!, { type: 'done', message: toolOnly }, true);
      bridge.streamEvent(second.streamId!, { type: 'done', message: json }, true);
    });
    await within(column(1)).findByText('get_weather');
    // Results are answered from the conversation, not from a pane.
    expect(within(column(1)).queryByRole('button', { name: /Send results/ })).toBeNull();
    await within(column(2)).findByText('/ok');
    expect(within(column(2)).getByRole('button', { name: 'Formatted' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    act(() => useChat.setState({ system: 'Changed after Send.' }));
    fireEvent.click(within(column(1)).getByRole('button', { name: 'Continue with this' }));
    await waitFor(() => expect(kept).toBeDefined());
    expect(kept).toMatchObject({
      system: 'Be brief.',
      params: { temperature: 0.2 },
      messages: [{ role: 'user', content: 'Hello' }, toolOnly],
      others: [json],
    });
  });
});
