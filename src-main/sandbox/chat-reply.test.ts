import { describe, expect, it } from 'vitest';
import { buildChatReply } from './chat-reply';
import { seededRng } from './seed';

const reply = (question: string) =>
  buildChatReply({ model: 'sandbox-chat', lastUserMessage: question }, seededRng(question)).content;

describe('the Sandbox reply', () => {
  it('holds a table, math or a task list only when the question asks for one', () => {
    const plain = reply('Tell me about caching.');
    expect(plain).not.toMatch(/\n\|---/);
    expect(plain).not.toContain('$$');
    expect(plain).not.toContain('- [x]');
    expect(reply('Caching, with a table please.')).toMatch(
      /\| option \| where it lives \| hit time \|\n\|---\|---\|---:\|/,
    );
    const math = reply('Give me the formula.');
    expect(math).toMatch(/\$p = 0\.\d\d\$/);
    expect(math).toContain('$$\n\\sum_{i=1}^{n} t_i \\approx n\\,\\bar{t}\n$$');
    expect(reply('Make a checklist.')).toContain('- [ ] Check it against a real gateway');
  });

  it('is the same reply for the same question', () => {
    expect(reply('A table and a formula.')).toBe(reply('A table and a formula.'));
  });
});
