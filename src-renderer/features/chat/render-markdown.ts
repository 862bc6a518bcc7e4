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
 * other link keeps its text and shows its address, but cannot be followed. Nothing in a reply
 * fetches anything (docs/architecture.md, "Replies"): an image is shown only from a `data:`
 * address of a raster type or from the app's media library; any other becomes a placeholder
 * with its address and, for https:, a link to open it in the browser. Every other way HTML can
 * load a resource is removed here, so the page's CSP is the second wall, not the only one.
 */
function renderUncached(source: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', inertAttributes);
    hooked = true;
  }
  const html = marked.parse(source) as string;
  // A DOM (in DOMPurify's inert document, which loads nothing) so images can be swapped for
  // placeholders after sanitising; serialised the same way DOMPurify would serialise it. With
  // RETURN_DOM, DOMPurify returns its document's <body> (typed only as a Node).
  const body = DOMPurify.sanitize(html, {
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    RETURN_DOM: true,
  }) as HTMLElement;
  for (const img of body.querySelectorAll('img')) {
    const src = img.getAttribute('src') ?? '';
    if (!isInlineImage(src)) img.replaceWith(remoteImagePlaceholder(img, src));
  }
  return body.innerHTML;
}

/**
 * Elements that load something by being in the page: media and their sources (a `<picture>` is
 * unwrapped, so its `<img>` is judged below), SVG images and filters' images, and the document-
 * level ones DOMPurify already drops, named again so a change of its defaults cannot bring them
 * back. `style` is also a resource (`url()`, `@import`); `form` and `input` post and submit.
 */
const FORBIDDEN_TAGS = [
  'style',
  'form',
  'input',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'image',
  'feimage',
  'use',
  'link',
  'meta',
  'base',
  'iframe',
  'frame',
  'object',
  'embed',
];

/**
 * DOMPurify's default address rule with the media library's scheme added, so its files can be
 * shown; what an address may then do is decided per element below.
 */
const ALLOWED_URI =
  /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp|matrix|gatehouse-media):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Attributes that fetch (or hold CSS that can): always removed, whatever the element. */
const FORBIDDEN_ATTRIBUTES = [
  'style',
  'srcset',
  'imagesrcset',
  'poster',
  'background',
  'lowsrc',
  'dynsrc',
  'longdesc',
  'ping',
  'action',
  'formaction',
  'xlink:href',
];

/** Attributes that are only ever text to the browser, never a URL or CSS. */
const TEXT_ATTRIBUTE = /^(?:alt|title|class|id|lang|dir|data-[\w.-]+|aria-[\w-]+)$/;
/** CSS that loads something: `url(…)`, `image-set(…)`, or escapes that could spell either. */
const CSS_RESOURCE = /url\s*\(|image-set\s*\(|\\/i;

/**
 * Per element after DOMPurify's own checks: links (HTML `<a>` only) go to the browser, https:
 * only; `href` and `src` elsewhere (SVG `<a>`, `<area>`, gradients' and text paths' `href`) are
 * kept only as a reference inside the reply (`#id`); a presentation attribute (SVG `fill`,
 * `filter`, `mask`…) that names a `url()` is dropped. An `<img src>` is judged after sanitising.
 */
function inertAttributes(node: Element): void {
  const anchor = node.namespaceURI === HTML_NS && node.localName === 'a';
  for (const { name, value } of [...node.attributes]) {
    if (TEXT_ATTRIBUTE.test(name) || (anchor && name === 'href')) continue;
    const image = name === 'src' && node.namespaceURI === HTML_NS && node.localName === 'img';
    if ((name === 'href' || name === 'src') && !image && !value.trim().startsWith('#'))
      node.removeAttribute(name);
    else if (CSS_RESOURCE.test(value) && !image) node.removeAttribute(name);
  }
  if (!anchor) return;
  const href = node.getAttribute('href') ?? '';
  if (!isFollowable(href)) {
    node.removeAttribute('href');
    node.setAttribute('class', 'link-blocked');
    node.setAttribute('title', href);
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
  node.setAttribute('title', href);
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

const isFollowable = (href: string) => /^https:\/\//i.test(href);

/**
 * An image that loads nothing from outside the app: a `data:` PNG, JPEG, GIF or WebP (not SVG,
 * which is a document of its own), or a file of the media library: `gatehouse-media://media/…`
 * in the desktop app, `/media/…` on the page's own origin in browser mode (a leading `/m`, so
 * never `//host` or `/\host`, which browsers read as another host).
 */
export function isInlineImage(src: string): boolean {
  return (
    /^data:image\/(?:png|jpeg|jpg|gif|webp)[;,]/i.test(src) ||
    src.startsWith('gatehouse-media://media/') ||
    src.startsWith('/media/')
  );
}

/** How much of an address the placeholder shows (a `data:` address can be megabytes). */
export const SHOWN_ADDRESS_CHARS = 200;

/**
 * What stands for an image that is not loaded: a note, the image's alt text, its address as
 * text, and (https: only, and not inside a link, which already opens it) a link that opens it in
 * the browser the way reply links do. The words are the same in every language here and filled
 * in when the block is in the page (reply-enhance.ts), so this HTML can be cached.
 */
function remoteImagePlaceholder(img: Element, src: string): Element {
  const doc = img.ownerDocument;
  const box = doc.createElement('span');
  box.className = 'remote-image';
  const note = doc.createElement('span');
  note.className = 'remote-image-note';
  box.append(note);
  const alt = img.getAttribute('alt')?.trim();
  if (alt) {
    const altText = doc.createElement('span');
    altText.className = 'remote-image-alt';
    altText.textContent = alt;
    box.append(' ', altText);
  }
  const address = doc.createElement('code');
  address.className = 'remote-image-address';
  address.textContent = src.length > SHOWN_ADDRESS_CHARS ? `${src.slice(0, SHOWN_ADDRESS_CHARS)}…` : src;
  box.append(' ', address);
  if (isFollowable(src) && !img.closest('a')) {
    const open = doc.createElement('a');
    open.className = 'remote-image-open';
    open.setAttribute('href', src);
    open.setAttribute('target', '_blank');
    open.setAttribute('rel', 'noopener noreferrer');
    open.setAttribute('title', src);
    box.append(' ', open);
  }
  return box;
}
