import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type LogEntry, MAX_LOG_ENTRIES } from '../../../src-shared/log/log-entry';
import { installFakeBridge } from '../../test/fake-bridge';
import { useUi } from '../../app/ui-store';
import { saveFile } from '../../app/save-file';
import { harFileName, LogPanel, withEntry } from './LogPanel';

vi.mock('../../app/save-file', () => ({ saveFile: vi.fn() }));

const entry = (id: number, extra: Partial<LogEntry> = {}): LogEntry => ({
  id,
  method: 'POST',
  url: `https://gw.example/v1/call-${id}`,
  requestHeaders: {},
  requestBytes: 10,
  responseBytes: 20,
  startedAt: 0,
  state: 'done',
  status: 200,
  ...extra,
});

describe('the request log in the window', () => {
  it('updates an entry in place and keeps no more entries than main does', () => {
    let list: LogEntry[] = [];
    for (let i = 1; i <= MAX_LOG_ENTRIES + 20; i++) list = withEntry(list, entry(i, { state: 'pending' }));
    expect(list).toHaveLength(MAX_LOG_ENTRIES);
    expect(list[0].id).toBe(21);
    const updated = withEntry(list, entry(30, { state: 'done', endMs: 5 }));
    expect(updated).toHaveLength(MAX_LOG_ENTRIES);
    expect(updated[9]).toMatchObject({ id: 30, endMs: 5 });
  });

  it('renders only the rows in view of a long log, newest first, and opens one entry below them', async () => {
    const entries = Array.from({ length: MAX_LOG_ENTRIES }, (_, i) => entry(i + 1));
    const bridge = installFakeBridge({ 'log.list': () => entries });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LogPanel />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByRole('button', { expanded: false });
    expect(rows.length).toBeLessThan(40);
    expect(rows[0].textContent).toContain(`/v1/call-${MAX_LOG_ENTRIES}`);
    fireEvent.click(rows[0]);
    expect(screen.getByRole('button', { name: 'Copy as curl' })).toBeTruthy();
    // A new call arrives as an event: it is added at the top without a refetch.
    act(() =>
      bridge.emit('log.changed', entry(MAX_LOG_ENTRIES + 1, { url: 'https://gw.example/v1/newest' })),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('button', { expanded: false })[0].textContent).toContain('/v1/newest'),
    );
  });

  it('marks a stopped stream in the list and shows its assembled reply in the detail', async () => {
    const stopped = entry(7, {
      url: 'https://gw.example/v1/chat/completions',
      state: 'stopped',
      error: 'Stopped.',
      responseHeaders: { 'content-type': 'text/event-stream' },
      stream: {
        text: 'Once upon a time',
        textChars: 16,
        reasoning: 'A story, then.',
        reasoningChars: 14,
        usage: { prompt_tokens: 4, completion_tokens: 5, total_tokens: 9 },
        events: 6,
        sawDone: false,
      },
    });
    installFakeBridge({ 'log.list': () => [entry(6), stopped] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LogPanel />
      </QueryClientProvider>,
    );
    const row = await screen.findByRole('button', { name: /POST\s*stopped/ });
    expect(row.querySelector('.log-status.stopped')).toBeTruthy();
    expect(row.textContent).not.toContain('200');
    fireEvent.click(row);
    expect(screen.getByRole('status').textContent).toContain('Stopped by you after HTTP 200');
    const reply = screen.getByRole('region', { name: 'Assembled reply' });
    expect(reply.textContent).toContain('Once upon a time');
    expect(reply.textContent).toContain('A story, then.');
    expect(reply.textContent).toContain('no finish reason');
    expect(reply.textContent).toContain('4 in · 5 out · 9 total');
    expect(screen.getByText('content-type: text/event-stream')).toBeTruthy();
  });

  it('shows a streamed refusal, tool calls and the other choices of an n: 2 request', async () => {
    const streamed = entry(8, {
      url: 'https://gw.example/v1/chat/completions',
      stream: {
        text: '',
        textChars: 0,
        reasoning: '',
        reasoningChars: 0,
        refusal: 'I can’t help with that.',
        toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
        finishReason: 'tool_calls',
        events: 9,
        sawDone: true,
        otherChoices: [
          {
            index: 1,
            text: 'Blue sea',
            textChars: 8,
            reasoning: '',
            reasoningChars: 0,
            finishReason: 'length',
          },
        ],
      },
    });
    installFakeBridge({ 'log.list': () => [streamed] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LogPanel />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /POST/ }));
    const reply = screen.getByRole('region', { name: 'Assembled reply' });
    expect(reply.textContent).toContain('RefusalI can’t help with that.');
    expect(reply.textContent).toContain('get_weather({"city":"Paris"})');
    const other = screen.getByRole('region', { name: 'Choice 1' });
    expect(other.textContent).toContain('finish reason: length');
    expect(other.textContent).toContain('Blue sea');
  });

  it('offers the log as a HAR file made by main', async () => {
    const har = '{"log":{"version":"1.2","entries":[]}}';
    installFakeBridge({ 'log.list': () => [entry(1)], 'log.har': () => har });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LogPanel />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Export HAR' }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith({
        fileName: expect.stringMatching(/^gatehouse-log-\d{4}-\d{2}-\d{2}-\d{4}\.har$/),
        mime: 'application/json',
        content: har,
      }),
    );
    expect(harFileName(new Date(2025, 0, 31, 14, 5))).toBe('gatehouse-log-2025-01-31-1405.har');
  });

  it('opens View code for an entry, with its body under the active profile and no key', async () => {
    const body = JSON.stringify({
      model: 'sandbox-chat-1',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const chat = entry(3, {
      url: 'https://old.example/v1/chat/completions',
      requestHeaders: { Authorization: 'Bearer sk-…abcd' },
      requestBody: body,
      requestBytes: body.length,
    });
    installFakeBridge({
      'log.list': () => [chat],
      'profiles.list': () => ({
        profiles: [
          { id: 'p1', kind: 'openai-compatible', host: 'https://now.example/v1', judgeSegment: 'partner' },
        ],
        activeId: 'p1',
      }),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LogPanel />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /POST\s*200/ }));
    fireEvent.click(screen.getByRole('button', { name: 'View code' }));
    const dialog = screen.getByRole('dialog', { name: 'Code for this request' });
    await waitFor(() => expect(dialog.textContent).toContain("'https://now.example/v1/chat/completions'"));
    expect(dialog.textContent).toContain('"sandbox-chat-1"');
    expect(dialog.textContent).toContain('$GATEWAY_API_KEY');
    expect(dialog.querySelector('code')?.textContent).not.toMatch(/sk-/);
  });

  it('closes on Esc from inside it, and from anywhere while it is a drawer over a small window', async () => {
    installFakeBridge({ 'log.list': () => [entry(1)] });
    useUi.setState({ logOpen: true });
    const others: string[] = [];
    const onKey = (e: KeyboardEvent) => others.push(e.key);
    window.addEventListener('keydown', onKey);
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <button type="button">outside</button>
        <LogPanel />
      </QueryClientProvider>,
    );
    try {
      // A wide window: the log is a column; Esc elsewhere is the page's (it stops a reply).
      Object.defineProperty(window, 'innerWidth', { value: 1600, configurable: true });
      screen.getByRole('button', { name: 'outside' }).focus();
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      expect(useUi.getState().logOpen).toBe(true);
      expect(others).toEqual(['Escape']);
      screen.getByRole('button', { name: 'Close request log' }).focus();
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      expect(useUi.getState().logOpen).toBe(false);
      expect(others).toEqual(['Escape']);
      // A small window: the log is a drawer, closed by Esc wherever focus is.
      useUi.setState({ logOpen: true });
      Object.defineProperty(window, 'innerWidth', { value: 1024, configurable: true });
      screen.getByRole('button', { name: 'outside' }).focus();
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      expect(useUi.getState().logOpen).toBe(false);
      expect(others).toEqual(['Escape']);
    } finally {
      window.removeEventListener('keydown', onKey);
      view.unmount();
    }
  });
});
