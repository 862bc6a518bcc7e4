import { act, render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useChat } from './chat-store';
import { loadMarkdownRenderer } from './markdown-loader';
import { MessageList } from './MessageList';

beforeAll(async () => {
  await loadMarkdownRenderer();
});

/** The open conversation c1 with a question and `text` streaming as its reply, shown. */
function streaming(question: string, text: string) {
  useChat.setState({
    conversationId: 'c1',
    messages: [{ role: 'user', content: question }],
    live: {
      c1: {
        streamId: 's1',
        conversationId: 'c1',
        text,
        reasoning: '',
        startedAt: Date.now(),
        lastAt: Date.now(),
        accepted: true,
      },
    },
  });
  return render(<MessageList />);
}

/** The reply ends and is saved with `content`, as the store does on `done`. */
function saved(content: string) {
  act(() =>
    useChat.setState((s) => ({
      live: {},
      messages: [...s.messages, { role: 'assistant', content, stats: { totalMs: 5 } }],
    })),
  );
}

describe('a reply as it is saved', () => {
  it('keeps a huge code block laid out as it streamed', () => {
    const open = `\`\`\`ts\n${'const line = 1;\n'.repeat(8000)}`;
    const view = streaming('Code?', open);
    const pre = view.container.querySelector('article.live .md-huge pre');
    expect(pre).not.toBeNull();
    saved(`${open}\`\`\`\n`);
    expect(view.container.querySelector('article.from-assistant .md-huge pre')).toBe(pre);
    expect(pre?.textContent?.endsWith('const line = 1;')).toBe(true);
  });

  it('keeps the blocks the live view rendered instead of building them again', () => {
    const reply = 'First paragraph.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nLast paragraph.';
    const view = streaming('Question?', reply);
    const liveTable = view.container.querySelector('article.live table');
    expect(liveTable).not.toBeNull();
    saved(reply);
    expect(view.container.querySelector('article.live')).toBeNull();
    // The very same element: the saved message took over the live one's DOM.
    expect(view.container.querySelector('article.from-assistant table')).toBe(liveTable);
    expect(view.container.querySelector('article.from-assistant')?.textContent).toContain('Last paragraph.');
  });
});
