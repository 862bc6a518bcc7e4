import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMarkdownRenderer } from './markdown-loader';
import { Markdown } from './Markdown';
import { REST_AFTER_MS } from './open-newest-first';
import {
  blockHeightGuess,
  CLEAR_PX,
  firstShownBlock,
  moreBlocks,
  NEAR_VIEWS,
  shortAboveView,
  TAIL_VIEWS,
} from './reply-tail-first';

/** `n` paragraphs of about two lines each, then a last line. */
const reply = (n: number) =>
  Array.from({ length: n }, (_, i) => `Paragraph ${i}: ${'word '.repeat(30)}`).join('\n\n') + '\n\nThe end.';

/** IntersectionObservers made by the page, so a test can say when their target nears the view. */
const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];

describe('a reply opened at the end shows its last blocks first (docs/architecture.md, "The window")', () => {
  beforeAll(async () => {
    await loadMarkdownRenderer();
  });
  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets: Element[] = [];
        constructor(callback: IntersectionObserverCallback) {
          observers.push({ callback, targets: this.targets });
        }
        observe(el: Element) {
          this.targets.push(el);
        }
        unobserve() {}
        disconnect() {
          this.targets.length = 0;
        }
      },
    );
    vi.stubGlobal('innerHeight', 600);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('guesses a block’s height from its lines: code by lines, a table by rows, prose by wrapped rows', () => {
    const code = (n: number) => '```ts\n' + 'x();\n'.repeat(n) + '```\n';
    expect(blockHeightGuess(code(10))).toBeGreaterThan(blockHeightGuess(code(2)));
    expect(blockHeightGuess(code(10)) - blockHeightGuess(code(5))).toBe(5 * 20);
    const table = (rows: number) => '| a | b |\n|---|---|\n' + '| 1 | 2 |\n'.repeat(rows);
    expect(blockHeightGuess(table(4)) - blockHeightGuess(table(2))).toBe(2 * 37);
    expect(blockHeightGuess('word '.repeat(60))).toBeGreaterThan(blockHeightGuess('word'));
    expect(blockHeightGuess('## A heading\n')).toBeGreaterThan(blockHeightGuess('A heading\n'));
  });

  it('mounts from the block that, with those after it, fills the height asked for; all when they fit', () => {
    const blocks = Array.from({ length: 10 }, () => 'One short line.\n');
    const each = blockHeightGuess(blocks[0]);
    expect(firstShownBlock(blocks, '', each * 3)).toBe(7);
    expect(firstShownBlock(blocks, 'The tail.', each * 3)).toBe(8);
    expect(firstShownBlock(blocks, '', each * 100)).toBe(0);
  });

  it('mounts the end and a spacer of the rest’s guessed height, then the rest as the spacer nears the view, keeping what was there', () => {
    const view = render(<Markdown text={reply(60)} tailFirst={600} />);
    const blocks = () => [...view.container.querySelectorAll('.md-block')];
    const first = blocks();
    expect(first.length).toBeGreaterThan(3);
    expect(first.length).toBeLessThan(40);
    expect(first.at(-1)?.textContent).toContain('The end.');
    const spacer = view.container.querySelector<HTMLElement>('.md-spacer')!;
    expect(spacer.getAttribute('aria-hidden')).toBe('true');
    // What was left out, by the same guess that chose how much to mount.
    expect(parseFloat(spacer.style.height)).toBeGreaterThan(0);
    expect(first.length * blockHeightGuess(`Paragraph 1: ${'word '.repeat(30)}\n`)).toBeGreaterThanOrEqual(
      TAIL_VIEWS * 600 - 50,
    );
    const io = observers.find((o) => o.targets.includes(spacer))!;
    act(() => io.callback([{ isIntersecting: false, target: spacer } as never], io as never));
    expect(blocks()).toHaveLength(first.length);
    act(() => io.callback([{ isIntersecting: true, target: spacer } as never], io as never));
    expect(blocks()).toHaveLength(60);
    expect(view.container.querySelector('.md-spacer')).toBeNull();
    expect(blocks().at(-1)).toBe(first.at(-1));
    expect(blocks()[60 - first.length]).toBe(first[0]);
  });

  it('fills TAIL_VIEWS of the view it opens in, not of the window: the list is shorter than the window', () => {
    const mounted = (viewPx: number) =>
      render(<Markdown text={reply(60)} tailFirst={viewPx} />).container.querySelectorAll('.md-block').length;
    // The window is 600 px tall (stubbed above); views of half and all of it.
    const inHalf = mounted(300);
    const inWhole = mounted(600);
    expect(inHalf).toBeGreaterThan(2);
    // Twice the view, about twice the paragraphs (the closing line is one block in both).
    expect(inWhole - 1).toBeGreaterThanOrEqual(2 * (inHalf - 1) - 1);
    expect(inWhole - 1).toBeLessThanOrEqual(2 * (inHalf - 1) + 3);
  });

  it('counts how far the spacer lacks of being clear above the view, from the list’s end wherever it is scrolled', () => {
    const box = (bottom: number) => ({ getBoundingClientRect: () => ({ bottom }) }) as Element;
    const list = (bottom: number, scrollTop: number, clientHeight: number) =>
      ({ ...box(bottom), scrollTop, clientHeight }) as unknown as HTMLElement;
    const wanted = (1 + NEAR_VIEWS) * 600 + CLEAR_PX;
    // At the end (scrollTop 0): the spacer ends 700 px above the list's bottom edge.
    const clear = shortAboveView(box(100), list(800, 0, 600));
    expect(clear).toBeLessThan(0);
    expect(clear).toBeCloseTo(wanted - 700);
    // Scrolled 300 px up (scrollTop -300): the same spacer seen 300 px lower is as far from the end.
    expect(shortAboveView(box(400), list(800, -300, 600))).toBe(clear);
    // Only 500 px above the end: short by the rest.
    expect(shortAboveView(box(300), list(800, 0, 600))).toBeCloseTo(wanted - 500);
  });

  it('steps back over the blocks before the first mounted until they are guessed to fill what is asked', () => {
    const blocks = Array.from({ length: 10 }, () => 'One short line.\n');
    const each = blockHeightGuess(blocks[0]);
    expect(moreBlocks(blocks, 6, 1)).toBe(5);
    expect(moreBlocks(blocks, 6, each * 2)).toBe(4);
    expect(moreBlocks(blocks, 6, each * 2 + 1)).toBe(3);
    expect(moreBlocks(blocks, 6, each * 100)).toBe(0);
  });

  it('mounts more before the page is painted when the blocks laid out are shorter than guessed', () => {
    const mountedIn = (realPx: (guess: number) => number) => {
      // A list 600 px tall at its end; the spacer ends above the mounted blocks, each laid out
      // `realPx` of its guessed height tall.
      const guess = blockHeightGuess(`Paragraph 1: ${'word '.repeat(30)}\n`);
      const rects = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
        this: HTMLElement,
      ) {
        const root = this.closest('[data-enhance-root]')!;
        const below = root.querySelectorAll('.md-block').length * realPx(guess);
        return { bottom: this.classList.contains('md-spacer') ? 800 - below : 800 } as DOMRect;
      });
      const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
      try {
        const view = render(
          <div data-enhance-root="">
            <Markdown text={reply(60)} tailFirst={600} />
          </div>,
        );
        expect(view.container.querySelector('.md-spacer')).not.toBeNull();
        return view.container.querySelectorAll('.md-block').length;
      } finally {
        rects.mockRestore();
        height.mockRestore();
      }
    };
    const asGuessed = mountedIn((guess) => guess);
    const shorter = mountedIn((guess) => guess / 2);
    expect(asGuessed * blockHeightGuess(`Paragraph 1: ${'word '.repeat(30)}\n`)).toBeGreaterThanOrEqual(
      (1 + NEAR_VIEWS) * 600,
    );
    // Laid out at half their guessed height, about twice as many are needed to clear the view.
    expect(shorter).toBeGreaterThan(asGuessed + 3);
    const half = blockHeightGuess(`Paragraph 1: ${'word '.repeat(30)}\n`) / 2;
    expect(shorter * half).toBeGreaterThanOrEqual((1 + NEAR_VIEWS) * 600 + CLEAR_PX);
  });

  it('mounts the rest once the window has been idle a while after the open, seen or not', () => {
    vi.useFakeTimers();
    try {
      const view = render(<Markdown text={reply(60)} tailFirst={600} />);
      expect(view.container.querySelector('.md-spacer')).not.toBeNull();
      act(() => vi.advanceTimersByTime(REST_AFTER_MS - 10));
      expect(view.container.querySelector('.md-spacer')).not.toBeNull();
      act(() => vi.advanceTimersByTime(2_100));
      expect(view.container.querySelector('.md-spacer')).toBeNull();
      expect(view.container.querySelectorAll('.md-block')).toHaveLength(60);
    } finally {
      vi.useRealTimers();
    }
  });

  it('mounts all of another text shown in its place, or a reply streaming there', () => {
    const view = render(<Markdown text={reply(60)} tailFirst={600} />);
    expect(view.container.querySelector('.md-spacer')).not.toBeNull();
    view.rerender(<Markdown text={reply(5)} />);
    expect(view.container.querySelector('.md-spacer')).toBeNull();
    expect(view.container.querySelectorAll('.md-block')).toHaveLength(5);
    const streamed = render(<Markdown text={reply(60)} tailFirst={600} />);
    streamed.rerender(<Markdown text={reply(60)} streaming />);
    expect(streamed.container.querySelector('.md-spacer')).toBeNull();
    expect(streamed.container.querySelectorAll('.md-block')).toHaveLength(60);
  });

  it('mounts everything when not asked, while streaming, and where nothing can watch the spacer', () => {
    expect(render(<Markdown text={reply(60)} />).container.querySelectorAll('.md-block')).toHaveLength(60);
    expect(
      render(<Markdown text={reply(60)} tailFirst={600} streaming />).container.querySelectorAll('.md-block'),
    ).toHaveLength(60);
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(
      render(<Markdown text={reply(60)} tailFirst={600} />).container.querySelector('.md-spacer'),
    ).toBeNull();
  });
});
