import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { replyExtensions } from './markdown-extensions';

const marked = new Marked({ async: false, gfm: true, breaks: false }, replyExtensions);

let hooked = false;

/**
 * Sanitised HTML by block source, so a block is parsed and sanitised once: when the live reply
 * becomes a saved message, when Chat is opened again, when a conversation is reopened. Bounded
 * by total source size; the least recently used blocks go first.
 */
const cache = new Map<string, string>();
let cachedChars = 0;
const CACHE_CHARS = 8_000_000;

/**
 * Markdown to sanitized HTML, from the cache when this block was rendered before. `open` is a
 * block still growing: its every state is rendered once and never again, so caching it would
 * only fill the cache (and the heap, and the garbage collector's frames) with dead versions.
 */
export function renderMarkdown(source: string, open = false): string {
  if (open) return renderUncached(source);
  const hit = cache.get(source);
  if (hit !== undefined) {
    // Map order is insertion order: re-inserting marks it as the most recently used.
    cache.delete(source);
    cache.set(source, hit);
    return hit;
  }
  const html = renderUncached(source);
  cache.set(source, html);
  cachedChars += source.length;
  for (const [old] of cache) {
    if (cachedChars <= CACHE_CHARS) break;
    cache.delete(old);
    cachedChars -= old.length;
  }
  return html;
}

/** For tests and the bench: how many blocks are cached. */
export function renderCacheSize(): number {
  return cache.size;
}

/**
 * Markdown to sanitized HTML. Links open in the browser, https: only (main checks again): any
 * other link keeps its text and shows its address, but cannot be followed.
 */
function renderUncached(source: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName !== 'A') return;
      const href = node.getAttribute('href') ?? '';
      if (!/^https:\/\//i.test(href)) {
        node.removeAttribute('href');
        node.setAttribute('class', 'link-blocked');
        node.setAttribute('title', href);
        return;
      }
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
      node.setAttribute('title', href);
    });
    hooked = true;
  }
  const html = marked.parse(source) as string;
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
}
