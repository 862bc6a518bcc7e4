import { act, render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useChat } from './chat-store';
import { loadMarkdownRenderer } from './markdown-loader';
import { MessageList } from './MessageList';

beforeAll(async () => {
  await loadMarkdownRenderer();
});

const liveReply = (text: string) => ({
  c1: {
    streamId: 's1',
    conversationId: 'c1',
    text,
    reasoning: '',
    startedAt: Date.now(),
    lastAt: Date.now(),
    accepted: true,
  },
});

describe('a reply as it is saved', () => {
  it('keeps a huge code block laid out as it streamed', () => {
    const open = `\`\`\`ts\n${'const line = 1;\n'.repeat(8000)}`;
    useChat.setState({
      conversationId: 'c1',
      messages: [{ role: 'user', content: 'Code?' }],
      live: liveReply(open),
    });
    const view = render(<MessageList />);
    const pre = view.container.querySelector('article.live .md-huge pre');
    expect(pre).not.toBeNull();
    act(() =>
      useChat.setState((s) => ({
        live: {},
        messages: [...s.messages, { role: 'assistant', content: `${open}\`\`\`\n`, stats: { totalMs: 5 } }],
      })),
    );
    expect(view.container.querySelector('article.from-assistant .md-huge pre')).toBe(pre);
    expect(pre?.textContent?.endsWith('const line = 1;')).toBe(true);
  });

  it('keeps the blocks the live view rendered instead of building them again', () => {
    const reply = 'First paragraph.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nLast paragraph.';
    useChat.setState({
      conversationId: 'c1',
      messages: [{ role: 'user', content: 'Question?' }],
      live: liveReply(reply),
    });
    const view = render(<MessageList />);
    const liveTable = view.container.querySelector('article.live table');
    expect(liveTable).not.toBeNull();

    act(() =>
      useChat.setState((s) => ({
        live: {},
        messages: [...s.messages, { role: 'assistant', content: reply, stats: { totalMs: 5 } }],
      })),
    );
    expect(view.container.querySelector('article.live')).toBeNull();
    // The very same element: the saved message took over the live one's DOM.
    expect(view.container.querySelector('article.from-assistant table')).toBe(liveTable);
    expect(view.container.querySelector('article.from-assistant')?.textContent).toContain('Last paragraph.');
  });
});
