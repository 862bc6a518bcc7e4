import type { CodeToken } from './code-tokens';
import type { HighlightRequest } from './highlight-worker';
import { pageTokenClasses, type TokenClasses } from './token-classes';

/**
 * Highlighting for code in replies: tokens come from a worker (highlight-worker.ts), so the
 * grammars' compiling never runs on the page; where there are no workers (tests) they are made
 * here. See docs/architecture.md, "Replies".
 */
let worker: Worker | undefined;
let nextId = 0;
interface Waiting {
  resolve: (l: CodeToken[][] | undefined) => void;
  reject: (e: Error) => void;
  fallback: () => void;
}
const waiting = new Map<number, Waiting>();

const onPage = async (code: string, label: string) => (await import('./code-tokens')).tokenize(code, label);

/** Set when the worker could not start or failed: highlighting then happens on the page. */
let workerFailed = false;

function highlighter(): Worker | undefined {
  if (typeof Worker === 'undefined' || workerFailed) return undefined;
  if (!worker) {
    try {
      worker = new Worker(new URL('./highlight-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      workerFailed = true;
      return undefined;
    }
    // A worker that cannot load (a protocol or policy that refuses it) fails once, here: what
    // waited is tokenized on the page instead, and so is everything after.
    worker.onerror = () => {
      workerFailed = true;
      worker = undefined;
      for (const w of waiting.values()) w.fallback();
      waiting.clear();
    };
    worker.onmessage = (e: MessageEvent<{ id: number; lines?: CodeToken[][]; error?: string }>) => {
      const w = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      if (e.data.error !== undefined) w?.reject(new Error(e.data.error));
      else w?.resolve(e.data.lines);
    };
  }
  return worker;
}

/**
 * Tokens by language and code, so code shown before is coloured again without asking the
 * worker, in the frame it is mounted in (reply-enhance.ts): a reopened conversation's code.
 * Bounded by total code size; the least recently used go first, as the markdown cache does.
 */
const cache = new Map<string, CodeToken[][]>();
let cachedChars = 0;
const CACHE_CHARS = 2_000_000;
const keyOf = (code: string, label: string) => `${label}\n${code}`;

/** The tokens made for this code before, if they are still kept. */
export function cachedTokens(code: string, label: string): CodeToken[][] | undefined {
  const key = keyOf(code, label);
  const hit = cache.get(key);
  if (hit) {
    // Map order is insertion order: re-inserting marks it as the most recently used.
    cache.delete(key);
    cache.set(key, hit);
  }
  return hit;
}

function keep(code: string, label: string, lines: CodeToken[][]): void {
  const key = keyOf(code, label);
  if (cache.has(key)) return;
  cache.set(key, lines);
  cachedChars += key.length;
  for (const [old] of cache) {
    if (cachedChars <= CACHE_CHARS) break;
    cache.delete(old);
    cachedChars -= old.length;
  }
}

/** The code's lines as coloured tokens, or undefined when its language is not offered. */
export async function highlightTokens(code: string, label: string): Promise<CodeToken[][] | undefined> {
  const hit = cachedTokens(code, label);
  if (hit) return hit;
  const lines = await tokensOf(code, label);
  if (lines) keep(code, label, lines);
  return lines;
}

function tokensOf(code: string, label: string): Promise<CodeToken[][] | undefined> {
  const w = highlighter();
  if (!w) return onPage(code, label);
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject, fallback: () => void onPage(code, label).then(resolve, reject) });
    w.postMessage({ id, code, label } satisfies HighlightRequest);
  });
}

/**
 * The tokens as DOM: text nodes in spans whose colours are CSS variables (see app.css), set by
 * a class per colour (token-classes.ts), or on the span itself where the page has no such class.
 */
export function tokensToFragment(
  lines: CodeToken[][],
  classes: TokenClasses | null = pageTokenClasses(),
): DocumentFragment {
  const fragment = document.createDocumentFragment();
  lines.forEach((line, i) => {
    if (i > 0) fragment.append('\n');
    for (const token of line) {
      const span = document.createElement('span');
      span.textContent = token.content;
      const name = classes?.classOf(token.style);
      if (name) span.className = name;
      else for (const [prop, value] of Object.entries(token.style)) span.style.setProperty(prop, value);
      fragment.append(span);
    }
  });
  return fragment;
}
