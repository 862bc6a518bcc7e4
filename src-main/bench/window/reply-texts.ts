/**
 * The replies the window bench streams (docs/architecture.md, "Benchmarks"). Deterministic, so
 * runs compare; each ends with a marker the page watches for to know the last character is shown.
 */
export const END_MARKER = 'QZX-END-OF-REPLY';

const WORDS =
  'gateway stream token reply model window render frame budget latency paragraph markdown table ' +
  'question answer context embedding image speech video judge request header status';
const words = WORDS.split(' ');

/** `n` words, chosen by a fixed walk so the text looks varied but is the same every run. */
function wordsText(n: number, seed: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(words[(seed * 7 + i * 13 + ((i * i) % 11)) % words.length]);
  return out.join(' ');
}

/** Plain paragraphs of prose, about `chars` long. */
export function plainReply(chars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const p = `${wordsText(40 + (i % 5) * 12, i)}.`;
    parts.push(p);
    length += p.length + 2;
  }
  return `${parts.join('\n\n')}\n\n${END_MARKER}`;
}

/** What a model writes when asked for a tutorial: headings, lists, tables, code, quotes, links. */
export function markdownReply(chars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const section = [
      `## Section ${i + 1}: ${wordsText(3, i)}`,
      `${wordsText(30, i)} with **${wordsText(2, i + 1)}**, _${wordsText(2, i + 2)}_ and \`${words[i % words.length]}()\`; see [the docs](https://example.com/docs/${i}).`,
      `- ${wordsText(8, i + 3)}\n- ${wordsText(6, i + 4)}\n  - nested ${wordsText(4, i + 5)}\n- ${wordsText(7, i + 6)}`,
      `| name | value | note |\n|---|---:|---|\n| ${words[i % words.length]} | ${i * 17} | ${wordsText(3, i)} |\n| ${words[(i + 3) % words.length]} | ${i * 31} | ${wordsText(4, i + 1)} |`,
      `\`\`\`ts\nexport function step${i}(input: string): number {\n  const parts = input.split(' ');\n  return parts.length * ${i};\n}\n\`\`\``,
      `> ${wordsText(20, i + 7)}`,
      `1. ${wordsText(6, i + 8)}\n2. ${wordsText(9, i + 9)}\n3. ${wordsText(5, i + 10)}`,
    ].join('\n\n');
    parts.push(section);
    length += section.length + 2;
  }
  return `${parts.join('\n\n')}\n\nThat is all. ${END_MARKER}`;
}

/** One fenced code block of about `chars` characters (a generated file, a long log). */
export function codeBlockReply(chars: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const line = `const value${i} = compute("${wordsText(4, i)}", ${i}); // ${wordsText(3, i + 1)}`;
    lines.push(line);
    length += line.length + 1;
  }
  return `\`\`\`ts\n${lines.join('\n')}\n// ${END_MARKER}\n\`\`\``;
}

/** One paragraph without a single blank line, about `chars` long. */
export function oneParagraphReply(chars: number): string {
  const sentences: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const s = `${wordsText(18, i)}.`;
    sentences.push(s);
    length += s.length + 1;
  }
  return `${sentences.join(' ')} ${END_MARKER}`;
}

/** The reply cut into deltas of `size` characters, as a fast model's stream would bring it. */
export function toDeltas(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
