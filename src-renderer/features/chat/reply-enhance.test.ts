import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A highlight worker that answers only when the test says so, as a busy one would. */
const posted: { id: number; code: string }[] = [];
class HeldWorker {
  static last: HeldWorker | undefined;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    HeldWorker.last = this;
  }
  postMessage(m: { id: number; code: string }) {
    posted.push(m);
  }
}
const answer = (m: { id: number; code: string }) =>
  HeldWorker.last!.onmessage?.({
    data: { id: m.id, lines: [[{ content: m.code, style: { '--shiki-light': '#000' } }]] },
  } as MessageEvent);

/** A rendered block with one code block per text, as render-markdown.ts frames them. */
function block(...codes: string[]): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = codes
    .map((c) => `<div class="code-block"><pre><code class="language-ts">${c}</code></pre></div>`)
    .join('');
  document.body.append(root);
  return root;
}
const coloured = (root: HTMLElement) => root.querySelectorAll('code[data-coloured]').length;

beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal('Worker', HeldWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.replaceChildren();
});

describe('colouring the code of a mounted reply', () => {
  it('asks for every block near the view at once and colours them together, in one task', async () => {
    const { enhanceBlock } = await import('./reply-enhance');
    const root = block('one()', 'two()', 'three()');
    enhanceBlock(root, true);
    await vi.waitFor(() => expect(posted.map((p) => p.code)).toEqual(['one()', 'two()', 'three()']));
    answer(posted[0]);
    answer(posted[1]);
    await new Promise((r) => setTimeout(r, 10));
    // Two are ready, the third is not: nothing is laid out again yet.
    expect(coloured(root)).toBe(0);
    answer(posted[2]);
    await vi.waitFor(() => expect(coloured(root)).toBe(3));
  });

  it('colours code it coloured before as its block mounts, without asking the worker again', async () => {
    const { enhanceBlock } = await import('./reply-enhance');
    const first = block('shown()');
    enhanceBlock(first, true);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    answer(posted[0]);
    await vi.waitFor(() => expect(coloured(first)).toBe(1));
    // The conversation reopened: the same code in a new block is coloured before it is painted.
    const again = block('shown()');
    enhanceBlock(again, true);
    expect(coloured(again)).toBe(1);
    expect(again.querySelector('code span')?.textContent).toBe('shown()');
    expect(posted).toHaveLength(1);
  });
});
