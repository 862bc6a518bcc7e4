import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import type { ProfileView } from '../../../src-shared/profiles/profile-view';
import { installFakeBridge } from '../../test/fake-bridge';
import { resetAutoRetry } from './auto-retry-budget';
import { useChat } from './chat-store';
import { MessageList } from './MessageList';

const question: StoredMessage = { role: 'user', content: 'Are you busy?' };

/** A reply the gateway refused with 429 and `Retry-After: <seconds>`, ended `agoMs` ago. */
function limited(seconds: number, agoMs = 0): StoredMessage {
  return {
    role: 'assistant',
    content: '',
    stats: { totalMs: 40, endedAt: Date.now() - agoMs },
    error: { code: 'rate_limited', message: 'Rate limited', status: 429, retryAfterMs: seconds * 1000 },
  };
}

function profile(autoRetryRateLimit: boolean): ProfileView {
  return {
    id: 'busy',
    name: 'Busy',
    kind: 'openai-compatible',
    host: 'http://127.0.0.1:9',
    judgeSegment: 'partner',
    autoRetryRateLimit,
    key: { hasKey: false, weakStorageOnly: false, canPersist: true },
  };
}

/** The open conversation's messages over a fake main whose active profile retries or not. */
function renderList(messages: StoredMessage[], auto: boolean) {
  useChat.setState({ conversationId: 'c1', messages, model: 'm', live: {}, error: undefined });
  const bridge = installFakeBridge({
    'profiles.list': () => ({ profiles: [profile(auto)], activeId: 'busy' }),
    'chat.reply': () => ({ conversationId: 'c1' }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageList />
    </QueryClientProvider>,
  );
  const sends = () => bridge.calls.filter((c) => c.route === 'chat.reply');
  /** Main answers the n-th send with another 429, saved as it would be. */
  const refuseAgain = (n: number, seconds: number) => {
    const message = limited(seconds);
    act(() => bridge.streamEvent(bridge.streamId(n), { type: 'error', message, error: message.error }, true));
  };
  return { bridge, sends, refuseAgain };
}

/** Moves the fake clock on, letting the fake bridge's promises and React's updates run. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const retryGroup = () => screen.getByRole('group', { name: 'Retry after the rate limit' });
const button = (name: string | RegExp) => within(retryGroup()).getByRole('button', { name });

beforeEach(() => {
  vi.useFakeTimers();
  resetAutoRetry('c1:2');
});
afterEach(() => vi.useRealTimers());

describe('RetryCountdown, retry by hand (the default)', () => {
  it('counts down from the failure, then Retry now re-sends the question once', async () => {
    const { sends } = renderList([question, limited(12)], false);
    await pass(0);
    expect((button('Retry in 12 s') as HTMLButtonElement).disabled).toBe(true);
    expect(within(retryGroup()).queryByText(/automatically/)).toBeNull();
    await pass(5000);
    expect(button('Retry in 7 s')).toBeTruthy();
    await pass(7000);
    const now = button('Retry now') as HTMLButtonElement;
    expect(now.disabled).toBe(false);

    // Nothing is sent unasked, however long the user waits.
    await pass(60_000);
    expect(sends()).toHaveLength(0);
    fireEvent.click(now);
    await pass(0);
    expect(sends()).toHaveLength(1);
    // The failed reply is left out: the question is asked again, as Regenerate does.
    expect((sends()[0].input as { messages: StoredMessage[] }).messages).toEqual([question]);
  });

  it('shows Retry now at once when the wait had passed before the conversation was opened', async () => {
    const { sends } = renderList([question, limited(2, 3_600_000)], true);
    await pass(0);
    expect(button('Retry now')).toBeTruthy();
    // Even with automatic retry on, opening an old conversation sends nothing.
    await pass(10_000);
    expect(sends()).toHaveLength(0);
  });

  it('is not offered for a 429 without a wait, nor on an earlier reply', async () => {
    const noWait: StoredMessage = { ...limited(5), error: { code: 'rate_limited', message: 'Rate limited' } };
    renderList([question, limited(5), question, noWait], false);
    await pass(0);
    expect(screen.queryByRole('group', { name: 'Retry after the rate limit' })).toBeNull();
  });
});

describe('RetryCountdown with "retry automatically" on', () => {
  it('re-sends by itself when the wait ends, says so, and stops after 3 in a row', async () => {
    const { sends, refuseAgain } = renderList([question, limited(2)], true);
    await pass(0);
    expect(within(retryGroup()).getByText(/automatically.*attempt 1 of 3/)).toBeTruthy();
    expect(button('Cancel the automatic retry')).toBeTruthy();
    await pass(1000);
    expect(sends()).toHaveLength(0);
    await pass(1000);
    expect(sends()).toHaveLength(1);

    refuseAgain(0, 2);
    await pass(0);
    expect(within(retryGroup()).getByText(/attempt 2 of 3/)).toBeTruthy();
    await pass(2000);
    expect(sends()).toHaveLength(2);
    refuseAgain(1, 2);
    await pass(2000);
    expect(sends()).toHaveLength(3);

    // The third automatic retry was refused too: now only a click sends it.
    refuseAgain(2, 2);
    await pass(0);
    expect(within(retryGroup()).getByText(/Retried automatically 3 times/)).toBeTruthy();
    expect(within(retryGroup()).queryByRole('button', { name: 'Cancel the automatic retry' })).toBeNull();
    await pass(30_000);
    expect(sends()).toHaveLength(3);
    fireEvent.click(button('Retry now'));
    await pass(0);
    expect(sends()).toHaveLength(4);

    // A click starts a new run: the next 429 is retried by itself again.
    refuseAgain(3, 2);
    await pass(0);
    expect(within(retryGroup()).getByText(/attempt 1 of 3/)).toBeTruthy();
  });

  it('sends nothing by itself after Cancel; Retry now still works', async () => {
    const { sends } = renderList([question, limited(3)], true);
    await pass(1000);
    fireEvent.click(button('Cancel the automatic retry'));
    expect(within(retryGroup()).queryByText(/automatically/)).toBeNull();
    await pass(10_000);
    expect(sends()).toHaveLength(0);
    fireEvent.click(button('Retry now'));
    await pass(0);
    expect(sends()).toHaveLength(1);
  });
});
