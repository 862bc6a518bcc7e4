import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMarkdownRenderer } from './markdown-loader';
import { BlockSplitter } from './markdown-blocks';
import { HUGE_BLOCK_CHARS, Markdown, PLAIN_TAIL_CHARS } from './Markdown';
import { renderCacheSize, renderMarkdown } from './render-markdown';

describe('the markdown pipeline while a reply streams', () => {
  beforeAll(async () => {
    await loadMarkdownRenderer();
  });

  it('renders a block once: the saved message reuses the HTML the live view made', () => {
    const source = `A paragraph only this test writes ${Math.random()}.`;
    const before = renderCacheSize();
    const first = renderMarkdown(source);
    expect(renderCacheSize()).toBe(before + 1);
    expect(renderMarkdown(source)).toBe(first);
    expect(renderCacheSize()).toBe(before + 1);
  });

  it('caches finished blocks only, not each state of the block still growing', () => {
    const tag = Math.random();
    const first = `First paragraph ${tag}.\n\n`;
    const view = render(<Markdown text={first} streaming />);
    const before = renderCacheSize();
    let text = first;
    for (const word of ['Second', ' paragraph', ' grows', ' word', ' by', ' word.']) {
      text += word;
      view.rerender(<Markdown text={text} streaming />);
    }
    expect(view.container.textContent).toContain('Second paragraph grows word by word.');
    expect(renderCacheSize()).toBe(before);
    // Saved, the last block is rendered once more and kept for the next time it is shown.
    view.rerender(<Markdown text={text} />);
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
    expect(live.container.querySelector('.md-huge')?.textContent).toBe(long);
    expect(live.container.querySelector('strong')).toBeNull();
    live.unmount();
    const done = render(<Markdown text={long} />);
    expect(done.container.querySelector('.md-huge')).toBeNull();
    expect(done.container.querySelector('strong')?.textContent).toBe('bold');
  });

  it('keeps a plain tail correct as it grows and when a block closes before it', () => {
    const para = 'x'.repeat(PLAIN_TAIL_CHARS + 100);
    const view = render(<Markdown text={para} streaming />);
    view.rerender(<Markdown text={`${para}${'y'.repeat(20_000)}`} streaming />);
    expect(view.container.querySelector('.md-huge')?.textContent).toBe(`${para}${'y'.repeat(20_000)}`);
    // The blank line ends the first block once the next line is complete.
    const next = `${para}\n\nNew paragraph ${'z'.repeat(PLAIN_TAIL_CHARS)}\n`;
    view.rerender(<Markdown text={next} streaming />);
    expect(view.container.querySelector('.md-huge')?.textContent).toBe(
      `New paragraph ${'z'.repeat(PLAIN_TAIL_CHARS)}\n`,
    );
  });

  it('keeps the pieces already shown when an open block grows past the huge size', () => {
    const start = 'word '.repeat((HUGE_BLOCK_CHARS - 1000) / 5);
    const view = render(<Markdown text={start} streaming />);
    const first = view.container.querySelector('.md-piece');
    expect(first).not.toBeNull();
    view.rerender(<Markdown text={`${start}${'more '.repeat(2000)}`} streaming />);
    // The same element: growing past HUGE_BLOCK_CHARS did not build the pieces again.
    expect(view.container.querySelector('.md-piece')).toBe(first);
    expect(view.container.querySelector('.md-huge')?.textContent).toBe(`${start}${'more '.repeat(2000)}`);
  });

  it('shows a long open code block as code while it streams', () => {
    const body = 'const x = 1;\n'.repeat(PLAIN_TAIL_CHARS / 10);
    const view = render(<Markdown text={`\`\`\`ts\n${body}`} streaming />);
    expect(view.container.querySelector('.md-huge pre code')?.textContent).toBe(body);
  });

  it('shows a huge finished code block as code, in pieces, without its fences', () => {
    const body = 'const x = "<b>not markup</b>";\n'.repeat(Math.ceil(HUGE_BLOCK_CHARS / 30));
    const view = render(<Markdown text={`Intro.\n\n\`\`\`ts\n${body}\`\`\`\n`} />);
    const code = view.container.querySelector('.md-huge pre code');
    expect(code?.textContent).toBe(body.replace(/\n$/, ''));
    expect(code?.querySelectorAll('.md-piece').length).toBeGreaterThan(1);
    expect(view.container.querySelector('.md-huge b')).toBeNull();
    expect(view.container.querySelector('p')?.textContent).toBe('Intro.');
  });

  it('shows a huge finished paragraph as plain text, in pieces that join back to it', () => {
    const para = `**not bold** ${'word '.repeat(HUGE_BLOCK_CHARS / 4)}end`;
    const view = render(<Markdown text={para} />);
    const huge = view.container.querySelector('.md-huge');
    expect(huge?.textContent).toBe(para);
    expect(huge?.querySelectorAll('.md-piece').length).toBeGreaterThan(10);
    expect(view.container.querySelector('strong')).toBeNull();
  });
});
