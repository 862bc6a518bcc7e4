import { describe, expect, it } from 'vitest';
import { JUNIT_ERRORS_LISTED, junitXml, xmlEscape } from './eval-junit';

/** The start tags named `tag` in a JUnit file, in order. */
function elements(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))].map((m) => m[0]);
}
const attrOf = (element: string, name: string) => {
  const raw = new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
  return raw
    ?.replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
};

describe('junitXml', () => {
  const hostile = `A"<b>&'x'</b>\u0001`;
  const xml = junitXml(`Eval ${hostile}`, [
    {
      name: `${hostile} × one (sandbox-chat-1)`,
      minimums: [
        { name: 'mean helpfulness ≥ 0.5', failed: false, sentence: 'passes' },
        {
          name: `pass rate of checks ≥ 0.9 <lower>`,
          failed: true,
          sentence: `0.62 [0.55, 0.69] is below 0.9 & fails`,
        },
      ],
      errors: [{ name: '3.A.one.1', message: `Gateway said <html>"boom"</html>` }],
      seconds: 1.5,
    },
    {
      name: 'B × one (sandbox-chat-1)',
      minimums: [{ name: 'm', failed: false, sentence: 's' }],
      errors: [],
      seconds: 0,
    },
  ]);

  it('has one testsuite per column, a testcase per minimum and per errored cell, with the totals', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    const [root] = elements(xml, 'testsuites');
    expect(attrOf(root, 'tests')).toBe('4');
    expect(attrOf(root, 'failures')).toBe('1');
    expect(attrOf(root, 'errors')).toBe('1');
    const suites = elements(xml, 'testsuite');
    expect(suites).toHaveLength(2);
    expect(attrOf(suites[0], 'tests')).toBe('3');
    expect(attrOf(suites[0], 'time')).toBe('1.500');
    expect(elements(xml, 'testcase')).toHaveLength(4);
    expect(elements(xml, 'failure').map((f) => attrOf(f, 'message'))).toEqual([
      '0.62 [0.55, 0.69] is below 0.9 & fails',
    ]);
    expect(elements(xml, 'error').map((f) => attrOf(f, 'message'))).toEqual([
      'Gateway said <html>"boom"</html>',
    ]);
  });

  it('escapes every name and message, and drops characters XML cannot hold', () => {
    expect(xml).not.toContain('<b>');
    expect(xml).not.toContain('<html>');
    expect(xml).not.toContain('\u0001');
    expect(attrOf(elements(xml, 'testsuite')[0], 'name')).toBe(`A"<b>&'x'</b> × one (sandbox-chat-1)`);
    expect(xmlEscape(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
    // Every tag opened is closed, in order.
    const stack: string[] = [];
    for (const m of xml.matchAll(/<(\/?)([a-z]+)\b[^>]*?(\/?)>/g)) {
      if (m[3]) continue;
      if (m[1]) expect(stack.pop()).toBe(m[2]);
      else stack.push(m[2]);
    }
    expect(stack).toEqual([]);
  });

  it('lists the first errored cells of a column and counts the rest in one testcase', () => {
    const errors = Array.from({ length: JUNIT_ERRORS_LISTED + 7 }, (_, i) => ({
      name: `${i}`,
      message: 'x',
    }));
    const many = junitXml('e', [{ name: 'c', minimums: [], errors, seconds: 0 }]);
    expect(elements(many, 'error')).toHaveLength(JUNIT_ERRORS_LISTED + 1);
    expect(many).toContain('message="7 more cells errored"');
    expect(attrOf(elements(many, 'testsuite')[0], 'errors')).toBe(String(JUNIT_ERRORS_LISTED + 1));
  });
});
