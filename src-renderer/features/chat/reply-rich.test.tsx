import { fireEvent, render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { highlightTokens } from './code-highlight';
import { grammarOf } from './code-tokens';
import { loadMarkdownRenderer } from './markdown-loader';
import { Markdown } from './Markdown';
import { renderMarkdown } from './render-markdown';

/** The rendered HTML of `source`, parsed, to ask questions of. */
function dom(source: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = renderMarkdown(source);
  return div;
}

describe('math in replies', () => {
  it('marks $…$, \\(…\\), $$…$$ and \\[…\\] as math, keeping the TeX', () => {
    const inline = dom('Energy $E = mc^2$ and \\(a+b\\) here.');
    expect([...inline.querySelectorAll('span.math')].map((m) => m.getAttribute('data-tex'))).toEqual([
      'E = mc^2',
      'a+b',
    ]);
    const block = dom('$$\n\\int_0^1 x\\,dx\n$$\n\nthen\n\n\\[\nx^2\n\\]');
    const display = [...block.querySelectorAll('div.math.math-display')];
    expect(display.map((m) => m.getAttribute('data-tex'))).toEqual(['\\int_0^1 x\\,dx', 'x^2']);
  });

  it('leaves prices and lone dollars as text', () => {
    for (const text of ['It costs $5 and $10.', 'Pay $ 5 now $', 'From $3$4 on', 'Only one $ here.']) {
      expect(dom(text).querySelector('.math'), text).toBeNull();
    }
  });

  it('does not take math out of code', () => {
    expect(dom('Use `$x$` literally.').querySelector('.math')).toBeNull();
    expect(dom('```\n$$x$$\n```').querySelector('.math')).toBeNull();
  });

  it('escapes TeX that looks like markup', () => {
    const math = dom('$<img src=x onerror=alert(1)>$').querySelector('.math');
    expect(math?.getAttribute('data-tex')).toBe('<img src=x onerror=alert(1)>');
    expect(math?.querySelector('img')).toBeNull();
  });
});

describe('code, tables, task lists and links in replies', () => {
  it('frames a code block with its language and a Copy button', () => {
    const div = dom('```ts\nconst a = "<b>";\n```');
    expect(div.querySelector('.code-block .code-lang')?.textContent).toBe('ts');
    expect(div.querySelector('.code-block button.code-copy')).not.toBeNull();
    expect(div.querySelector('.code-block code.language-ts')?.textContent).toBe('const a = "<b>";');
    expect(div.querySelector('.code-block b')).toBeNull();
    expect(dom('```\nplain\n```').querySelector('.code-lang')?.textContent).toBe('text');
  });

  it('shows task-list boxes, which the sanitiser would otherwise drop', () => {
    const boxes = [...dom('- [x] done\n- [ ] to do').querySelectorAll('.task-box')];
    expect(boxes.map((b) => [b.textContent, b.classList.contains('done')])).toEqual([
      ['☑', true],
      ['☐', false],
    ]);
  });

  it('keeps https links followable and makes any other link inert, showing its address', () => {
    const div = dom(
      '[safe](https://example.com/a) [plain](http://example.com) [js](javascript:alert(1)) [file](file:///etc/passwd)',
    );
    const links = [...div.querySelectorAll('a')];
    expect(links[0].getAttribute('href')).toBe('https://example.com/a');
    expect(links[0].getAttribute('target')).toBe('_blank');
    for (const blocked of links.slice(1)) {
      expect(blocked.hasAttribute('href')).toBe(false);
      expect(blocked.className).toBe('link-blocked');
    }
    expect(links[1].getAttribute('title')).toBe('http://example.com');
  });
});

describe('highlighting and typesetting once a reply is shown', () => {
  beforeAll(async () => {
    await loadMarkdownRenderer();
  });

  it('knows common fence labels and their aliases, and not the rest', () => {
    expect(grammarOf('ts')).toBe('typescript');
    expect(grammarOf('Python')).toBe('python');
    expect(grammarOf('bash')).toBe('shellscript');
    expect(grammarOf('mermaid')).toBeUndefined();
  });

  it('tokenizes code with both themes as CSS variables', async () => {
    const lines = await highlightTokens('const answer = 42;\nreturn answer;', 'ts');
    expect(lines).toHaveLength(2);
    const keyword = lines?.[0].find((t) => t.content === 'const');
    expect(keyword?.style['--shiki-light']).toMatch(/^#/);
    expect(keyword?.style['--shiki-dark']).toMatch(/^#/);
    expect(keyword?.style['--shiki-light']).not.toBe(keyword?.style['--shiki-dark']);
  });

  it('colours a finished code block, typesets its math, and copies the code', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const view = render(<Markdown text={'```python\nprint("hi")\n```\n\nArea $\\pi r^2$.'} />);
    const button = view.container.querySelector<HTMLButtonElement>('button.code-copy');
    expect(button?.getAttribute('aria-label')).toBe('Copy code');
    await waitFor(() => expect(view.container.querySelector('code[data-coloured]')).not.toBeNull(), {
      timeout: 10_000,
    });
    const code = view.container.querySelector('code')!;
    expect(code.textContent).toBe('print("hi")');
    expect(code.querySelectorAll('span').length).toBeGreaterThan(1);
    await waitFor(() => expect(view.container.querySelector('.math[data-typeset] .katex')).not.toBeNull(), {
      timeout: 10_000,
    });
    fireEvent.click(button!);
    expect(writeText).toHaveBeenCalledWith('print("hi")');
  });

  it('colours code only once it comes near the view, and forgets code that left the page', async () => {
    const watched: { callback: IntersectionObserverCallback; targets: Set<Element> }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets = new Set<Element>();
        constructor(callback: IntersectionObserverCallback) {
          watched.push({ callback, targets: this.targets });
        }
        observe(el: Element) {
          this.targets.add(el);
        }
        unobserve(el: Element) {
          this.targets.delete(el);
        }
        disconnect() {}
      },
    );
    try {
      const view = render(
        <div data-enhance-root="">
          <Markdown text={'```ts\nconst far = 1;\n```\n\ntext\n\n```ts\nconst near = 2;\n```'} />
        </div>,
      );
      const [far, near] = [...view.container.querySelectorAll('code')];
      const io = watched.find((w) => w.targets.has(near))!;
      expect(io.targets.has(far)).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(view.container.querySelector('code[data-coloured]')).toBeNull();
      // Only the second block scrolls near: it alone is coloured.
      io.callback([{ target: near, isIntersecting: true } as never], io as never);
      await waitFor(() => expect(near.dataset.coloured).toBe('1'), { timeout: 10_000 });
      expect(far.dataset.coloured).toBeUndefined();
      expect(io.targets.has(near)).toBe(false);
      view.unmount();
      expect(io.targets.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leaves the open block of a streaming reply alone until it is finished', async () => {
    const view = render(<Markdown text={'```ts\nconst a = 1;\n'} streaming />);
    await new Promise((r) => setTimeout(r, 300));
    expect(view.container.querySelector('code[data-coloured]')).toBeNull();
  });
});
