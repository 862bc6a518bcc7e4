/**
 * Highlighted code's colours as classes (docs/architecture.md, "Replies"): each distinct token
 * style (its colour in both themes, font style and weight, as CSS variables) becomes one class
 * whose rule sets those variables, written once into a stylesheet the page adopts. A span set
 * through `style.setProperty` carries its own declarations, parsed per span and resolved per
 * span; a class is one rule every span of that colour shares, so opening a conversation whose
 * code was coloured before costs a class name per token. (Style attributes in HTML are not an
 * option: the page's CSP forbids them.)
 */

/** Where the rules go: the adopted stylesheet in the page, a list in tests. */
export interface RuleSink {
  insert(rule: string): void;
}

/** The variables a theme gives a token (code-tokens.ts), and values a theme colour or style can take. */
const NAME = /^--shiki-(light|dark)(-[a-z]+)*$/;
const VALUE = /^[#\w][\w#%.,() -]*$/;

export class TokenClasses {
  private readonly byStyle = new Map<string, string | null>();
  /**
   * By the style object itself: code coloured before keeps its tokens (code-highlight.ts), so a
   * reopened conversation's spans get their class without the style being read and keyed again
   * (the styles are never changed once made).
   */
  private readonly byObject = new WeakMap<Record<string, string>, string | null>();

  constructor(
    private readonly sink: RuleSink,
    private readonly prefix = 'tk',
  ) {}

  /**
   * The class for a token's style, its rule written the first time; undefined for a style no
   * theme gives (a name or value outside the above), which the caller sets on the span instead.
   */
  classOf(style: Record<string, string>): string | undefined {
    let name = this.byObject.get(style);
    if (name !== undefined) return name ?? undefined;
    const entries = Object.entries(style).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const key = entries.map(([n, v]) => `${n}:${v}`).join(';');
    name = this.byStyle.get(key);
    if (name === undefined) {
      name = entries.every(([n, v]) => NAME.test(n) && VALUE.test(v))
        ? `${this.prefix}${this.byStyle.size}`
        : null;
      if (name) this.sink.insert(`.${name}{${key}}`);
      this.byStyle.set(key, name);
    }
    this.byObject.set(style, name);
    return name ?? undefined;
  }
}

let page: TokenClasses | null | undefined;

/**
 * The page's token classes, in a constructed stylesheet added to the document's adopted ones;
 * null where the document cannot adopt one (jsdom), where spans keep their colours inline.
 */
export function pageTokenClasses(): TokenClasses | null {
  if (page !== undefined) return page;
  page = null;
  try {
    if (typeof document === 'undefined' || !Array.isArray(document.adoptedStyleSheets)) return page;
    const sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    page = new TokenClasses({ insert: (rule) => sheet.insertRule(rule, sheet.cssRules.length) });
  } catch {
    // No constructable stylesheets: colours stay inline.
  }
  return page;
}
