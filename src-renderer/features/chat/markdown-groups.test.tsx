import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMarkdownRenderer } from './markdown-loader';
import { Markdown } from './Markdown';

/** `n` paragraphs: one finished block each. */
const paragraphs = (n: number) =>
  Array.from({ length: n }, (_, i) => `Paragraph ${i} of a reply.`).join('\n\n') + '\n\nThe end.';

// The skipping itself is app.css's `.md-group.md-skip` (content-visibility), which jsdom does not lay out.
describe('groups of a reply’s blocks, skipped by the browser out of view (docs/architecture.md, "The window")', () => {
  beforeAll(async () => {
    await loadMarkdownRenderer();
  });

  it('does not make a reply of one group skippable: it is on screen when mounted, and skipping costs a second layout', () => {
    const view = render(<Markdown text={paragraphs(20)} />);
    const groups = view.container.querySelectorAll('.md-group');
    expect(groups).toHaveLength(1);
    expect(groups[0].classList.contains('md-skip')).toBe(false);
  });

  it('makes every group of a longer reply skippable, and the first one once a streamed reply grows a second', () => {
    const view = render(<Markdown text={paragraphs(20)} streaming />);
    expect(view.container.querySelector('.md-skip')).toBeNull();
    view.rerender(<Markdown text={paragraphs(70)} streaming />);
    const groups = [...view.container.querySelectorAll('.md-group')];
    expect(groups).toHaveLength(3);
    expect(groups.every((g) => g.classList.contains('md-skip'))).toBe(true);
  });
});
