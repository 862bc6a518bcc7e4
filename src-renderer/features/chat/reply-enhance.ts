import { t } from '../../i18n/i18n';

/**
 * What a reply's rendered markdown gets once it is in the page (docs/architecture.md,
 * "Replies"): Copy buttons are labelled at once; code is highlighted and math typeset later, a
 * few elements per idle moment, made ready together and applied in one task (one layout and
 * paint for them all), so a streaming reply's frames are never spent on them. Code coloured
 * before (a reopened conversation) is coloured at once, in the frame its block is mounted in.
 * The highlighter and KaTeX load on first use, each in its own chunk.
 */

/** Longer code stays plain: one tokenizing pass over it would be a long task. */
export const MAX_HIGHLIGHT_CHARS = 20_000;
/** Code coloured before is coloured again as its block mounts up to this size; longer waits. */
const AT_ONCE_CHARS = 4_000;
/** Elements done per idle moment. */
const BATCH_JOBS = 8;

/** Work for one element: made ready (tokens, a module loaded), then applied, if still wanted. */
type Job = () => Promise<(() => void) | undefined>;
const jobs: Job[] = [];
let pumping = false;
/** The highlighter, once loaded: code coloured before is then coloured without waiting. */
let colouring: typeof import('./code-highlight') | undefined;

/**
 * Labels a mounted block's Copy buttons and remote-image placeholders; with `later`, queues its
 * highlighting and math.
 */
export function enhanceBlock(root: HTMLElement, later: boolean): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button.code-copy')) {
    if (button.dataset.labelled) continue;
    button.dataset.labelled = '1';
    button.textContent = t('common.copy');
    button.title = t('chat.copyCode');
    button.setAttribute('aria-label', t('chat.copyCode'));
  }
  // A remote image's placeholder (render-markdown.ts): its words, in the language of the moment.
  for (const box of root.querySelectorAll<HTMLElement>('.remote-image')) {
    if (box.dataset.labelled) continue;
    box.dataset.labelled = '1';
    const note = box.querySelector('.remote-image-note');
    if (note) note.textContent = t('chat.remoteImage');
    const open = box.querySelector<HTMLAnchorElement>('a.remote-image-open');
    if (open) {
      open.textContent = t('chat.remoteImageOpen');
      open.title = t('chat.remoteImageOpenTitle', { address: open.getAttribute('href') ?? '' });
    }
  }
  if (!later) return;
  for (const code of root.querySelectorAll<HTMLElement>('.code-block code[class*="language-"]'))
    if (!code.dataset.coloured && !colourFromCache(code)) whenNear(code, () => highlight(code));
  for (const math of root.querySelectorAll<HTMLElement>('.math[data-tex]'))
    if (!math.dataset.typeset) whenNear(math, () => typesetMath(math));
  pump();
}

/** Elements waiting to come near the view: what is then queued for them, and who watches. */
const waiting = new WeakMap<Element, { job: Job; io: IntersectionObserver }>();
/** One observer per scrolling box that asks for one (`data-enhance-root`, the message list). */
const observers = new WeakMap<Element, IntersectionObserver>();
let pageObserver: IntersectionObserver | undefined;

/**
 * Code and math are coloured and typeset when they come within a view's height of being seen:
 * a long conversation opens with only its last messages' visible code done, and a block
 * scrolled past is never tokenized (docs/architecture.md, "Replies").
 */
function whenNear(el: HTMLElement, job: Job): void {
  if (typeof IntersectionObserver === 'undefined') {
    jobs.push(job);
    return;
  }
  const root = el.closest('[data-enhance-root]');
  let io = root ? observers.get(root) : pageObserver;
  if (!io) {
    const made = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const queued = waiting.get(entry.target);
          made.unobserve(entry.target);
          waiting.delete(entry.target);
          if (queued) jobs.push(queued.job);
        }
        pump();
      },
      { root, rootMargin: '100% 0px' },
    );
    if (root) observers.set(root, made);
    else pageObserver = made;
    io = made;
  }
  waiting.set(el, { job, io });
  io.observe(el);
}

/** A block leaving the page: its code and math are no longer waited for. */
export function releaseBlock(root: HTMLElement): void {
  for (const el of root.querySelectorAll('.code-block code, .math[data-tex]')) {
    const w = waiting.get(el);
    if (!w) continue;
    waiting.delete(el);
    w.io.unobserve(el);
  }
}

/** Click on a code block's Copy button (delegated from the reply): its code to the clipboard. */
export function copyCodeOnClick(target: EventTarget | null): void {
  const button = target instanceof Element ? target.closest<HTMLButtonElement>('button.code-copy') : null;
  const code = button?.closest('.code-block')?.querySelector('code')?.textContent;
  if (!button || code == null) return;
  void navigator.clipboard.writeText(code).then(() => {
    button.textContent = t('common.copied');
    setTimeout(() => (button.textContent = t('common.copy')), 1200);
  });
}

function pump(): void {
  if (pumping || jobs.length === 0) return;
  pumping = true;
  whenIdle(async () => {
    // Made ready together (the worker tokenizes them while the page waits), then applied in one
    // task, so the page lays out and paints once for the batch rather than once per element.
    const ready = await Promise.all(jobs.splice(0, BATCH_JOBS).map((job) => job().catch(() => undefined)));
    for (const apply of ready) {
      try {
        apply?.();
      } catch {
        // A block that cannot be coloured or typeset stays as it was: readable, as the model wrote it.
      }
    }
    pumping = false;
    pump();
  });
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
}

const labelOf = (code: HTMLElement) => /language-(\S+)/.exec(code.className)?.[1] ?? '';

/** Colours code whose tokens were made before, at once; false when it must wait for them. */
function colourFromCache(code: HTMLElement): boolean {
  if (!colouring) return false;
  const text = code.textContent ?? '';
  const tokens = text.length <= AT_ONCE_CHARS ? colouring.cachedTokens(text, labelOf(code)) : undefined;
  if (!tokens) return false;
  code.replaceChildren(colouring.tokensToFragment(tokens));
  code.dataset.coloured = '1';
  return true;
}

async function highlight(code: HTMLElement): Promise<(() => void) | undefined> {
  const text = code.textContent ?? '';
  if (!code.isConnected || text.length > MAX_HIGHLIGHT_CHARS) return;
  colouring ??= await import('./code-highlight');
  const { highlightTokens, tokensToFragment } = colouring;
  const tokens = await highlightTokens(text, labelOf(code));
  if (!tokens) return;
  return () => {
    // Still the same code in the page (not replaced while the grammar loaded), and not done yet.
    if (!code.isConnected || code.dataset.coloured || code.textContent !== text) return;
    code.replaceChildren(tokensToFragment(tokens));
    code.dataset.coloured = '1';
  };
}

async function typesetMath(math: HTMLElement): Promise<(() => void) | undefined> {
  const tex = math.dataset.tex;
  if (!tex || !math.isConnected || math.dataset.typeset) return;
  const { typeset } = await import('./math-typeset');
  return () => {
    if (!math.isConnected || math.dataset.typeset) return;
    typeset(math, tex, math.classList.contains('math-display'));
    math.dataset.typeset = '1';
  };
}
