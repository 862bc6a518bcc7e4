/**
 * Put into every page the bench opens (before the page's own scripts): records animation-frame
 * times and long tasks between `start()` and `stop()`, and tells when a given text is first on
 * screen. Plain JavaScript, because it runs in the page as it is.
 */
export const PAGE_PROBE = `(() => {
  const b = (window.__bench = { frames: [], tasks: [], running: false, t0: 0 });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  b.start = () => {
    b.frames = [];
    b.t0 = performance.now();
    b.running = true;
    const loop = (ts) => {
      if (!b.running) return;
      b.frames.push(ts);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  };
  b.stop = () => {
    b.running = false;
    const t1 = performance.now();
    const kept = b.tasks.filter(([s]) => s >= b.t0 && s <= t1);
    return {
      frames: b.frames,
      tasks: kept.map(([, d]) => d),
      taskStarts: kept.map(([s]) => performance.timeOrigin + s),
      frameOrigin: performance.timeOrigin,
      heap: performance.memory ? performance.memory.usedJSHeapSize : 0,
    };
  };
  // The text of a node with the tail of the text node before it: a marker may straddle the two.
  const around = (node) => {
    const prev = node.previousSibling;
    return (prev && prev.nodeType === 3 ? prev.data.slice(-64) : '') + node.data;
  };
  const holds = (node, marker) => {
    if (node.nodeType === 3) return around(node).includes(marker);
    if (node.nodeType !== 1) return false;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) if (around(t).includes(marker)) return true;
    return false;
  };
  // Resolves with the wall-clock time of the first frame painted after the marker entered the DOM.
  b.watch = (marker) =>
    new Promise((resolve) => {
      const seen = new MutationObserver((records) => {
        for (const r of records) {
          const found =
            r.type === 'characterData' ? holds(r.target, marker) : [...r.addedNodes].some((n) => holds(n, marker));
          if (!found) continue;
          seen.disconnect();
          requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
          return;
        }
      });
      seen.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
})();`;

export interface ProbeResult {
  frames: number[];
  tasks: number[];
  /** When each task began (wall clock, ms). */
  taskStarts: number[];
  /** Add to a frame time for the wall clock. */
  frameOrigin: number;
  heap: number;
}

const FRAME_MS = 1000 / 60;

/** Frames a 60 Hz display would have shown that the page did not produce. */
export function droppedFrames(frames: number[]): number {
  let dropped = 0;
  for (let i = 1; i < frames.length; i++)
    dropped += Math.max(0, Math.round((frames[i] - frames[i - 1]) / FRAME_MS) - 1);
  return dropped;
}
