import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { installFakeBridge } from '../../test/fake-bridge';
import { useChat } from './chat-store';
import { MessageList } from './MessageList';

const conversation = (n: number, word = 'message'): StoredMessage[] =>
  Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `${word} ${i}` }));

const shown = () => screen.getAllByRole('article').map((a) => Number(a.getAttribute('data-position')));

/**
 * jsdom lays nothing out: the scroller gets the size and scroll position a browser would give,
 * `top` pixels from its top. Its scroll origin is its end (app.css): scrollTop is 0 there and
 * negative above it.
 */
function scrollTo(top: number, { view = 700, total = 200 * 84 } = {}) {
  const el = screen.getByRole('log');
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: view });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: total });
  el.scrollTop = top - (total - view);
  fireEvent.scroll(el);
}

const readRest = useChat.getState().loadRest;

beforeEach(() => {
  installFakeBridge({});
  useChat.setState({
    conversationId: 'c1',
    messages: conversation(200),
    live: {},
    error: undefined,
    partial: undefined,
    missing: 0,
    loadRest: readRest,
  });
});

describe('the message list, windowed', () => {
  it('opens at the end with what is near the view, and a gap for the rest', () => {
    render(<MessageList />);
    const at = shown();
    expect(at.at(-1)).toBe(199);
    expect(at.length).toBeLessThan(20);
    // Contiguous, and what is left out is one gap out of the accessibility tree.
    expect(at).toEqual(Array.from({ length: at.length }, (_, k) => at[0] + k));
    const gap = screen.getByRole('log').querySelector('.message-gap') as HTMLElement;
    expect(gap.getAttribute('aria-hidden')).toBe('true');
    expect(parseFloat(gap.style.height)).toBeGreaterThan(at[0] * 50);
    expect(screen.queryByText('message 0')).toBeNull();
  });

  it('mounts the messages the view is scrolled to, and lets go of the others', () => {
    render(<MessageList />);
    // Each short message is estimated at 84 px: 8,400 px is about message 100.
    act(() => scrollTo(8400));
    const at = shown();
    expect(at).toContain(100);
    expect(at).not.toContain(199);
    expect(screen.getByText('message 100')).toBeTruthy();
    act(() => scrollTo(0));
    expect(shown()[0]).toBe(0);
    expect(screen.queryByText('message 100')).toBeNull();
  });

  it('keeps the message holding focus, so a half-written edit survives a scroll away', () => {
    render(<MessageList />);
    act(() => scrollTo(8400));
    const q100 = screen.getByText('message 100').closest('article')!;
    fireEvent.click(within(q100).getByRole('button', { name: 'Edit' }));
    const edit = screen.getByLabelText('Edit your question') as HTMLTextAreaElement;
    edit.focus();
    fireEvent.change(edit, { target: { value: 'kept while away' } });
    act(() => scrollTo(0));
    expect(shown()).toContain(100);
    expect(shown()).toContain(0);
    expect(shown()).not.toContain(60);
    expect((screen.getByLabelText('Edit your question') as HTMLTextAreaElement).value).toBe(
      'kept while away',
    );
    // Focus elsewhere: it goes the way of the others at the next scroll.
    act(() => (screen.getByLabelText('Edit your question') as HTMLTextAreaElement).blur());
    act(() => scrollTo(10));
    expect(shown()).not.toContain(100);
  });

  it('"Show earlier" brings the previous exchange in, each time', () => {
    render(<MessageList />);
    const first = shown()[0];
    fireEvent.click(screen.getByRole('button', { name: `Show earlier messages (${first} more)` }));
    const now = shown();
    expect(now[0]).toBeLessThan(first);
    // Its question with it: a reply never opens the page alone.
    expect(useChat.getState().messages[now[0]].role).toBe('user');
  });

  it('asks for the older messages of a partial copy when the view nears its start, not before', () => {
    const loadRest = vi.fn(async () => {});
    // The newest 40 of 200 messages (open-newest-first.ts): positions there count from 160.
    useChat.setState({ messages: conversation(200).slice(160), partial: 'c1', missing: 160, loadRest });
    render(<MessageList />);
    expect(shown().at(-1)).toBe(39);
    expect(loadRest).not.toHaveBeenCalled();
    // Counted in the whole conversation: the 160 not here yet are earlier messages too.
    screen.getByRole('button', { name: `Show earlier messages (${160 + shown()[0]} more)` });
    act(() => scrollTo(0, { total: 40 * 84 }));
    expect(shown()[0]).toBe(0);
    expect(loadRest).toHaveBeenCalledWith('c1');
  });

  it('opens another conversation at its end, wherever the last one was scrolled', () => {
    render(<MessageList />);
    act(() => scrollTo(8400));
    act(() => useChat.setState({ conversationId: 'c2', messages: conversation(150, 'other') }));
    expect(shown().at(-1)).toBe(149);
    expect(screen.getByText('other 149')).toBeTruthy();
  });

  it('scrolls to the end of another conversation in the commit that shows it, before any size is observed', () => {
    render(<MessageList />);
    act(() => scrollTo(8400));
    const el = screen.getByRole('log');
    // No ResizeObserver here, so nothing else moves the view.
    act(() => useChat.setState({ conversationId: 'c2', messages: conversation(100, 'other') }));
    expect(el.scrollTop).toBe(0);
    // Scrolled up in it, a new message does not move the view: only an open goes to the end.
    act(() => scrollTo(100, { total: 9_000 }));
    act(() => useChat.setState({ messages: conversation(101, 'other') }));
    expect(el.scrollTop).toBe(100 - (9_000 - 700));
  });

  it('opens another conversation without scrolling when the view is at the end of the last one', () => {
    render(<MessageList />);
    const el = screen.getByRole('log');
    act(() => scrollTo(200 * 84 - 700));
    // Every scroll position the list sets from here on, and every read that would lay it out.
    const set = vi.fn();
    const read = vi.fn(() => 0);
    Object.defineProperty(el, 'scrollTop', { configurable: true, set, get: read });
    Object.defineProperty(el, 'scrollHeight', { configurable: true, get: read });
    act(() => useChat.setState({ conversationId: 'c2', messages: conversation(100, 'other') }));
    expect(shown().at(-1)).toBe(99);
    expect(set).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
  });
});

describe('heights from the page', () => {
  type Callback = (entries: ResizeObserverEntry[]) => void;
  const observers: { callback: Callback; targets: Set<Element> }[] = [];

  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        targets = new Set<Element>();
        constructor(callback: Callback) {
          observers.push({ callback, targets: this.targets });
        }
        observe(el: Element) {
          this.targets.add(el);
        }
        unobserve(el: Element) {
          this.targets.delete(el);
        }
        disconnect() {
          this.targets.clear();
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('measures each message it mounts, and a tall one leaves fewer in the page', () => {
    render(<MessageList />);
    const before = shown().length;
    const watching = observers.find((o) => [...o.targets].some((t) => t.tagName === 'ARTICLE'))!;
    expect([...watching.targets].filter((t) => t.tagName === 'ARTICLE')).toHaveLength(before);
    // Laid out, the messages turn out 3,000 px tall each: the view holds about one.
    act(() =>
      watching.callback(
        [...watching.targets].map(
          (target) => ({ target, borderBoxSize: [{ blockSize: 3000, inlineSize: 700 }] }) as never,
        ),
      ),
    );
    const after = shown();
    expect(after.length).toBeLessThan(before);
    expect(after.at(-1)).toBe(199);
  });
});

describe('a long reply at the end of a conversation being opened', () => {
  const long: StoredMessage[] = [
    { role: 'user', content: 'question' },
    {
      role: 'assistant',
      content: Array.from({ length: 60 }, (_, i) => `Paragraph ${i}: ${'word '.repeat(30)}`).join('\n\n'),
    },
  ];
  beforeEach(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows its last blocks first when the list opens it, and all of it when it was open already', () => {
    render(<MessageList />);
    act(() => useChat.setState({ conversationId: 'c2', messages: long }));
    const log = screen.getByRole('log');
    expect(log.querySelector('.md-spacer')).not.toBeNull();
    expect(log.querySelectorAll('.md-block').length).toBeLessThan(59);
    cleanup();
    render(<MessageList />);
    expect(screen.getByRole('log').querySelector('.md-spacer')).toBeNull();
    expect(screen.getByRole('log').querySelectorAll('.md-block')).toHaveLength(59);
  });

  it('mounts what fills the list’s view, however tall the window around it', () => {
    // A window far taller than the list (unmeasured here: its 700 px stand-in) asks for no more.
    vi.stubGlobal('innerHeight', 5_000);
    render(<MessageList />);
    act(() => useChat.setState({ conversationId: 'c2', messages: long }));
    const log = screen.getByRole('log');
    expect(log.querySelector('.md-spacer')).not.toBeNull();
    expect(log.querySelectorAll('.md-block').length).toBeLessThan(30);
  });
});
