import { describe, expect, it } from 'vitest';
import { tokensToFragment } from './code-highlight';
import type { CodeToken } from './code-tokens';
import { TokenClasses } from './token-classes';

const keyword = { '--shiki-light': '#CF222E', '--shiki-dark': '#FF7B72' };
const comment = {
  '--shiki-light': '#66707B',
  '--shiki-dark': '#8B949E',
  '--shiki-light-font-style': 'italic',
  '--shiki-dark-font-style': 'italic',
};

/** Token classes writing their rules into a list. */
function classes() {
  const rules: string[] = [];
  return { rules, classes: new TokenClasses({ insert: (r) => rules.push(r) }) };
}

describe('highlighted tokens coloured by class (docs/architecture.md, "Replies")', () => {
  it('gives one class per style, its rule written once, whatever the order of the variables', () => {
    const { rules, classes: c } = classes();
    const a = c.classOf(keyword);
    expect(c.classOf({ '--shiki-dark': '#FF7B72', '--shiki-light': '#CF222E' })).toBe(a);
    const b = c.classOf(comment);
    expect(b).not.toBe(a);
    expect(rules).toEqual([
      `.${a}{--shiki-dark:#FF7B72;--shiki-light:#CF222E}`,
      `.${b}{--shiki-dark:#8B949E;--shiki-dark-font-style:italic;--shiki-light:#66707B;--shiki-light-font-style:italic}`,
    ]);
  });

  it('reads a style once: tokens coloured again (a reopened conversation) get their class without its key being built again', () => {
    const { classes: c } = classes();
    let reads = 0;
    // Counts how often the style's variables are listed (Object.entries reads its own keys).
    const counted = (style: Record<string, string>) =>
      new Proxy(style, {
        ownKeys(target) {
          reads++;
          return Reflect.ownKeys(target);
        },
      });
    const kw = counted({ ...keyword });
    const unthemed = counted({ color: '#000' });
    const a = c.classOf(kw);
    expect(c.classOf(unthemed)).toBeUndefined();
    expect(reads).toBe(2);
    for (let i = 0; i < 5; i++) {
      expect(c.classOf(kw)).toBe(a);
      expect(c.classOf(unthemed)).toBeUndefined();
    }
    expect(reads).toBe(2);
  });

  it('writes no rule for a style no theme gives: a value that could end the rule, or another property', () => {
    const { rules, classes: c } = classes();
    expect(c.classOf({ '--shiki-light': 'red}body{display:none' })).toBeUndefined();
    expect(c.classOf({ '--shiki-light': '#000;color:red' })).toBeUndefined();
    expect(c.classOf({ color: '#000' })).toBeUndefined();
    expect(rules).toEqual([]);
  });

  it('builds the code from spans with classes, no colours of their own, and the lines between them', () => {
    const { rules, classes: c } = classes();
    const lines: CodeToken[][] = [
      [
        { content: 'const', style: keyword },
        { content: ' a = 1; ', style: { '--shiki-light': '#1F2328', '--shiki-dark': '#E6EDF3' } },
        { content: '// one', style: comment },
      ],
      [{ content: 'const', style: keyword }],
    ];
    const code = document.createElement('code');
    code.append(tokensToFragment(lines, c));
    expect(code.textContent).toBe('const a = 1; // one\nconst');
    const spans = [...code.querySelectorAll('span')];
    expect(spans.map((s) => s.getAttribute('style'))).toEqual([null, null, null, null]);
    expect(spans[0].className).toBe(spans[3].className);
    expect(new Set(spans.map((s) => s.className)).size).toBe(3);
    expect(rules).toHaveLength(3);
  });

  it('sets a style no class holds on the span itself, as where the page has no token classes', () => {
    const { classes: c } = classes();
    const odd: CodeToken[][] = [[{ content: 'x', style: { '--tint': '#000' } }]];
    const span = tokensToFragment(odd, c).querySelector('span')!;
    expect(span.className).toBe('');
    expect(span.style.getPropertyValue('--tint')).toBe('#000');
    const plain = tokensToFragment([[{ content: 'y', style: keyword }]], null).querySelector('span')!;
    expect(plain.style.getPropertyValue('--shiki-dark')).toBe('#FF7B72');
  });
});
