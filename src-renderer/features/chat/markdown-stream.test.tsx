import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlockSplitter } from './markdown-blocks';
import { Markdown, PLAIN_TAIL_CHARS } from './Markdown';
import { renderCacheSize, renderMarkdown } from './render-markdown';

describe('the markdown pipeline while a reply streams', () => {
  it('renders a block once: the saved message reuses the HTML the live view made', () => {
    const source = `A paragraph only this test writes ${Math.random()}.`;
    const before = renderCacheSize();
    const first = renderMarkdown(source);
    expect(renderCacheSize()).toBe(before + 1);
    expect(renderMarkdown(source)).toBe(first);
    expect(renderCacheSize()).toBe(before + 1);
  });

  it('starts over when given a different text, not one that grew', () => {
    const s = new BlockSplitter();
    s.update('First block.\n\nSecond');
    expect(s.update('First block.\n\nSecond block.\n\nThird\n').blocks).toEqual([
      'First block.\n',
      'Second block.\n',
    ]);
    // Same length, different ending: not mistaken for the old text.
    expect(s.update('Other  block.\n\nSecond block.\n\nThird\n').blocks[0]).toBe('Other  block.\n');
    expect(s.update('Short').blocks).toEqual([]);
  });

  it('shows a long open block as plain text while streaming, and as markdown once finished', () => {
    const long = `**bold** ${'word '.repeat(PLAIN_TAIL_CHARS / 4)}`;
    const live = render(<Markdown text={long} streaming />);
    expect(live.container.querySelector('.md-plain-tail')?.textContent).toBe(long);
    expect(live.container.querySelector('strong')).toBeNull();
    live.unmount();
    const done = render(<Markdown text={long} />);
    expect(done.container.querySelector('.md-plain-tail')).toBeNull();
    expect(done.container.querySelector('strong')?.textContent).toBe('bold');
  });

  it('keeps a plain tail correct as it grows and when a block closes before it', () => {
    const para = 'x'.repeat(PLAIN_TAIL_CHARS + 100);
    const view = render(<Markdown text={para} streaming />);
    view.rerender(<Markdown text={`${para}${'y'.repeat(20_000)}`} streaming />);
    expect(view.container.querySelector('.md-plain-tail')?.textContent).toBe(`${para}${'y'.repeat(20_000)}`);
    // The blank line ends the first block once the next line is complete.
    const next = `${para}\n\nNew paragraph ${'z'.repeat(PLAIN_TAIL_CHARS)}\n`;
    view.rerender(<Markdown text={next} streaming />);
    expect(view.container.querySelector('.md-plain-tail')?.textContent).toBe(
      `New paragraph ${'z'.repeat(PLAIN_TAIL_CHARS)}\n`,
    );
  });
});
