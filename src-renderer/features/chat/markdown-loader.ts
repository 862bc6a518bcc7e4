import { useEffect, useSyncExternalStore } from 'react';

/** Markdown to sanitised HTML; `open` for a block still growing (not cached). */
export type Render = (source: string, open?: boolean) => string;

/** Copy buttons, code colouring and math for rendered blocks: loaded with the renderer. */
export type Enhancer = typeof import('./reply-enhance');

let render: Render | undefined;
let enhancer: Enhancer | undefined;
let loading: Promise<Render> | undefined;
const listeners = new Set<() => void>();

/**
 * marked and DOMPurify are a third of the chat's code and nothing needs them until a message is
 * shown, so they load then, not at start (docs/architecture.md, "The window"); so does what
 * enhances the blocks they render, which nothing needs before.
 */
export function loadMarkdownRenderer(): Promise<Render> {
  loading ??= Promise.all([import('./render-markdown'), import('./reply-enhance')]).then(([m, e]) => {
    enhancer = e;
    render = m.renderMarkdown;
    for (const l of listeners) l();
    whenIdle(() => m.renderMarkdown(WARM_UP, true));
    return m.renderMarkdown;
  });
  return loading;
}

/**
 * Rendered once, uncached, when the window is idle after loading: the first run of marked's
 * tokenizers and DOMPurify is several times slower than the next (their code is not compiled
 * yet), and would otherwise land in the first frames of the first reply (a 60 ms task).
 */
const WARM_UP = [
  '# Title',
  'Setext\n---',
  'Some **bold**, *em*, `code`, ~~struck~~ and a [link](https://example.com) <b>tag</b>.',
  '- item\n  - nested\n1. one\n2. two',
  '> quote',
  '| a | b |\n|---|:-:|\n| 1 | 2 |',
  '```ts\nconst x = 1;\n```',
  '    indented code',
].join('\n\n');

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 0);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** What enhances rendered blocks: there whenever the renderer is (both load together). */
export function replyEnhancer(): Enhancer | undefined {
  return enhancer;
}

/** The markdown renderer once loaded (asking for it on first use); undefined until then. */
export function useMarkdownRenderer(): Render | undefined {
  const current = useSyncExternalStore(subscribe, () => render);
  useEffect(() => {
    if (!current) void loadMarkdownRenderer();
  }, [current]);
  return current;
}
