import type { MarkedExtension, Tokens } from 'marked';

/**
 * What the reply's markdown adds to marked's GitHub flavour (docs/architecture.md, "Replies"):
 * - code blocks in a frame with the language and a Copy button (the button is labelled and the
 *   code highlighted after mounting, by reply-enhance.ts, so this HTML stays cacheable);
 * - math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`) as elements holding the TeX, typeset by KaTeX later;
 * - task-list boxes as characters, since the sanitiser removes every `<input>`.
 * Everything here is HTML-escaped source; the sanitiser still runs on the result.
 */
export const replyExtensions: MarkedExtension = {
  renderer: {
    code({ text, lang }: Tokens.Code): string {
      const label = (lang ?? '').trim().split(/\s+/)[0] ?? '';
      const langClass = label ? ` class="language-${escapeHtml(label)}"` : '';
      return (
        `<div class="code-block" data-lang="${escapeHtml(label)}">` +
        `<div class="code-head"><span class="code-lang">${escapeHtml(label || 'text')}</span>` +
        `<button type="button" class="code-copy"></button></div>` +
        `<pre><code${langClass}>${escapeHtml(text)}</code></pre></div>\n`
      );
    },
    checkbox({ checked }: Tokens.Checkbox): string {
      return `<span class="task-box${checked ? ' done' : ''}">${checked ? '☑' : '☐'}</span> `;
    },
  },
  extensions: [
    {
      name: 'mathBlock',
      level: 'block',
      start: (src: string) => indexOfMatch(src, /^ {0,3}(?:\$\$|\\\[)/m),
      tokenizer(src: string) {
        const m = /^ {0,3}(?:\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\])[ \t]*(?:\n|$)/.exec(src);
        if (!m) return undefined;
        return { type: 'mathBlock', raw: m[0], text: (m[1] ?? m[2]).trim() };
      },
      renderer: (token) => mathHtml(String(token.text), true, 'div'),
    },
    {
      name: 'mathInline',
      level: 'inline',
      start: (src: string) => indexOfMatch(src, /\$|\\\(/),
      tokenizer(src: string) {
        const m = INLINE_MATH.exec(src);
        if (!m) return undefined;
        const display = m[1] !== undefined;
        return { type: 'mathInline', raw: m[0], text: (m[1] ?? m[2] ?? m[3]).trim(), display };
      },
      renderer: (token) => mathHtml(String(token.text), Boolean(token.display), 'span'),
    },
  ],
};

/**
 * `$$…$$` on one line; `$…$` only when the dollars hug the TeX and the closing one is not
 * followed by a digit, so "$5 and $10" stays text (the rule pandoc uses); `\(…\)`.
 */
const INLINE_MATH = /^(?:\$\$([^$\n]+?)\$\$|\$(?![\s$])((?:\\.|[^\\$\n])+?)(?<!\s)\$(?![\d$])|\\\((.+?)\\\))/;

/** `display`: typeset as a formula of its own (`$$`, `\[`); `tag`: div in a block, span in a line. */
function mathHtml(tex: string, display: boolean, tag: 'div' | 'span'): string {
  const open = display ? '$$' : '$';
  return `<${tag} class="math${display ? ' math-display' : ''}" data-tex="${escapeHtml(tex)}">${escapeHtml(
    `${open}${tex}${open}`,
  )}</${tag}>`;
}

function indexOfMatch(src: string, pattern: RegExp): number | undefined {
  const m = pattern.exec(src);
  return m ? m.index : undefined;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
