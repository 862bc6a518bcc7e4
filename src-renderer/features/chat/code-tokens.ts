import { createHighlighterCore, type HighlighterCore, type ThemedToken } from 'shiki/core';

/** A token as the page needs it: its text and its colours as CSS variables (plain data, so it crosses to the page). */
export interface CodeToken {
  content: string;
  style: Record<string, string>;
}

function stylesOf(t: ThemedToken): Record<string, string> {
  return Object.fromEntries(Object.entries(t.htmlStyle ?? {}));
}
import { createJavaScriptRawEngine } from 'shiki/engine/javascript';

/**
 * Tokenizing code for highlighting (no DOM: it runs in the highlight worker, or on the page where
 * workers are missing), loaded on the first code block and each grammar on the first block in
 * that language. Grammars come precompiled to JavaScript
 * regular expressions and run on Shiki's raw JavaScript engine: no WebAssembly for the page's CSP
 * to allow, and no converting of Oniguruma patterns on the main thread (that took a 240 ms task
 * on the first block of a language). Colours go on as CSS variables set through the DOM
 * (never as style attributes in HTML, which the CSP forbids); app.css picks the light or dark
 * one. See docs/architecture.md, "Replies".
 */
const GRAMMARS: Record<string, () => Promise<{ default: unknown }>> = {
  typescript: () => import('@shikijs/langs-precompiled/typescript'),
  tsx: () => import('@shikijs/langs-precompiled/tsx'),
  javascript: () => import('@shikijs/langs-precompiled/javascript'),
  jsx: () => import('@shikijs/langs-precompiled/jsx'),
  python: () => import('@shikijs/langs-precompiled/python'),
  shellscript: () => import('@shikijs/langs-precompiled/shellscript'),
  json: () => import('@shikijs/langs-precompiled/json'),
  yaml: () => import('@shikijs/langs-precompiled/yaml'),
  html: () => import('@shikijs/langs-precompiled/html'),
  css: () => import('@shikijs/langs-precompiled/css'),
  sql: () => import('@shikijs/langs-precompiled/sql'),
  go: () => import('@shikijs/langs-precompiled/go'),
  rust: () => import('@shikijs/langs-precompiled/rust'),
  java: () => import('@shikijs/langs-precompiled/java'),
  c: () => import('@shikijs/langs-precompiled/c'),
  cpp: () => import('@shikijs/langs-precompiled/cpp'),
  diff: () => import('@shikijs/langs-precompiled/diff'),
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
    engine: createJavaScriptRawEngine(),
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
const cache = new Map<string, CodeToken[][]>();
const CACHE_ENTRIES = 300;

/** The code's lines as coloured tokens, or undefined when its language is not offered. */
export async function tokenize(code: string, label: string): Promise<CodeToken[][] | undefined> {
  const grammar = grammarOf(label);
  if (!grammar) return undefined;
  const key = `${grammar}\u0000${code}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const h = await withGrammar(grammar);
  const tokens = h
    .codeToTokens(code, {
      lang: grammar,
      themes: { light: 'github-light-high-contrast', dark: 'github-dark-default' },
      defaultColor: false,
    })
    .tokens.map((line) => line.map((t) => ({ content: t.content, style: stylesOf(t) })));
  cache.set(key, tokens);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return tokens;
}
