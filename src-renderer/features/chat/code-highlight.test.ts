import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A worker that the page may construct but that cannot load, as a refusing protocol makes it. */
class BrokenWorker {
  onerror: (() => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  posted: unknown[] = [];
  constructor() {
    setTimeout(() => this.onerror?.(), 5);
  }
  postMessage(m: unknown) {
    this.posted.push(m);
  }
}

describe('highlighting when the worker cannot run', () => {
  it('tokenizes on the page instead, for what waited and what comes after', async () => {
    vi.stubGlobal('Worker', BrokenWorker);
    const { highlightTokens } = await import('./code-highlight');
    const first = await highlightTokens('const a = 1;', 'ts');
    expect(first?.[0].map((t) => t.content).join('')).toBe('const a = 1;');
    expect(first?.[0].find((t) => t.content === 'const')?.style['--shiki-dark']).toMatch(/^#/);
    const second = await highlightTokens('let b = 2;', 'js');
    expect(second?.[0].map((t) => t.content).join('')).toBe('let b = 2;');
  });

  it('asks the worker and takes its answer when it runs', async () => {
    const answered: unknown[] = [];
    class EchoWorker {
      onmessage: ((e: MessageEvent) => void) | null = null;
      onerror: (() => void) | null = null;
      postMessage(m: { id: number; code: string }) {
        answered.push(m);
        setTimeout(() =>
          this.onmessage?.({
            data: { id: m.id, lines: [[{ content: m.code, style: { '--shiki-light': '#000' } }]] },
          } as MessageEvent),
        );
      }
    }
    vi.stubGlobal('Worker', EchoWorker);
    const { highlightTokens } = await import('./code-highlight');
    expect(await highlightTokens('x', 'ts')).toEqual([
      [{ content: 'x', style: { '--shiki-light': '#000' } }],
    ]);
    expect(answered).toHaveLength(1);
  });
});
