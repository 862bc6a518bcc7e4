import { marked } from 'marked';
import { BlockSplitter } from '../../src-renderer/features/chat/markdown-blocks';

/**
 * What the chat window does per animation frame while a long reply streams: the app's way
 * (split off finished blocks, parse only new blocks and the open tail) against re-parsing the
 * whole reply every frame. Sanitizing is left out of both: it costs the same per parsed byte.
 */
export function markdownFrameCosts(text: string, charsPerFrame: number) {
  marked.parse(text.slice(0, 20_000), { async: false }); // warm up the parser before timing either way
  const frames: number[] = [];
  for (let end = charsPerFrame; end < text.length + charsPerFrame; end += charsPerFrame)
    frames.push(Math.min(end, text.length));

  const splitter = new BlockSplitter();
  const parsed = new Set<string>();
  const incremental: number[] = [];
  for (const end of frames) {
    const t0 = performance.now();
    const { blocks, tail } = splitter.update(text.slice(0, end));
    // Finished blocks are memoized by the component: each is parsed once.
    for (let i = parsed.size; i < blocks.length; i++) {
      marked.parse(blocks[i], { async: false });
      parsed.add(String(i));
    }
    marked.parse(tail, { async: false });
    incremental.push(performance.now() - t0);
  }

  const whole: number[] = [];
  for (const end of frames) {
    const t0 = performance.now();
    marked.parse(text.slice(0, end), { async: false });
    whole.push(performance.now() - t0);
  }
  const worst = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    frames: frames.length,
    incremental: {
      totalMs: sum(incremental),
      p95FrameMs: worst(incremental),
      lastFrameMs: incremental.at(-1)!,
    },
    whole: { totalMs: sum(whole), p95FrameMs: worst(whole), lastFrameMs: whole.at(-1)! },
  };
}
