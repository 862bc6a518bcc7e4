import { createHighlighterCore, type HighlighterCore, type ThemedToken } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

/**
 * Syntax highlighting for code in replies, loaded on the first code block (its own chunk) and
 * each grammar on the first block in that language. Shiki's JavaScript regex engine: no
 * WebAssembly for the page's CSP to allow. Colours go on as CSS variables set through the DOM
 * (never as style attributes in HTML, which the CSP forbids); app.css picks the light or dark
 * one. See docs/architecture.md, "Replies".
 */
const GRAMMARS: Record<string, () => Promise<{ default: unknown }>> = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
};

const ALIASES: Record<string, string> = {
  ts: 'typescript',
  mts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  py: 'python',
  python3: 'python',
  sh: 'shellscript',
  bash: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellscript',
  curl: 'shellscript',
  jsonc: 'json',
  json5: 'json',
  yml: 'yaml',
  htm: 'html',
  golang: 'go',
  rs: 'rust',
  'c++': 'cpp',
  cc: 'cpp',
  h: 'c',
  patch: 'diff',
};

/** The grammar a fence's label names, if one is offered. */
export function grammarOf(label: string): string | undefined {
  const name = label.toLowerCase();
  const grammar = ALIASES[name] ?? name;
  return grammar in GRAMMARS ? grammar : undefined;
}

let highlighter: Promise<HighlighterCore> | undefined;
const loaded = new Map<string, Promise<void>>();

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    // These two keep every token colour at 4.5:1 or more on --code-bg (github-light's red, green,
    // orange and grey, and github-dark's comments, fall below it).
    themes: [
      import('shiki/themes/github-light-high-contrast.mjs'),
      import('shiki/themes/github-dark-default.mjs'),
    ],
    langs: [],
    // A grammar pattern this engine cannot run leaves that part uncoloured instead of failing.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  return highlighter;
}

async function withGrammar(grammar: string): Promise<HighlighterCore> {
  const h = await getHighlighter();
  let ready = loaded.get(grammar);
  if (!ready) {
    ready = GRAMMARS[grammar]().then((m) => h.loadLanguage(m.default as never));
    loaded.set(grammar, ready);
  }
  await ready;
  return h;
}

/** Tokens by grammar and code: a reopened conversation is coloured without tokenizing again. */
const cache = new Map<string, ThemedToken[][]>();
const CACHE_ENTRIES = 300;

/** The code's lines as coloured tokens, or undefined when its language is not offered. */
export async function highlightTokens(code: string, label: string): Promise<ThemedToken[][] | undefined> {
  const grammar = grammarOf(label);
  if (!grammar) return undefined;
  const key = `${grammar}\u0000${code}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const h = await withGrammar(grammar);
  const { tokens } = h.codeToTokens(code, {
    lang: grammar,
    themes: { light: 'github-light-high-contrast', dark: 'github-dark-default' },
    defaultColor: false,
  });
  cache.set(key, tokens);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return tokens;
}

/** The tokens as DOM: text nodes in spans whose colours are CSS variables (see app.css). */
export function tokensToFragment(lines: ThemedToken[][]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  lines.forEach((line, i) => {
    if (i > 0) fragment.append('\n');
    for (const token of line) {
      const span = document.createElement('span');
      span.textContent = token.content;
      for (const [name, value] of Object.entries(token.htmlStyle ?? {})) span.style.setProperty(name, value);
      fragment.append(span);
    }
  });
  return fragment;
}
