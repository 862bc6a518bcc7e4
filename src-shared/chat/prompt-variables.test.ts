import { describe, expect, it } from 'vitest';
import { fillVariables, variableNames } from './prompt-variables';
import { promptVariablesSchema } from './prompt-variables-schema';

describe('prompt variables', () => {
  it('finds each placeholder once, in order, with spaces inside the braces allowed', () => {
    expect(variableNames(['Translate {{text}} into {{ lang }}.', 'Again {{text}} and {{tone_1}}'])).toEqual([
      'text',
      'lang',
      'tone_1',
    ]);
    expect(variableNames(['no {{ }} here, nor {{1x}} or {single}'])).toEqual([]);
  });

  it('fills the placeholders that have a value and leaves the others as written', () => {
    const values = { text: 'bonjour', lang: '', toString: 'x' };
    expect(fillVariables('Translate {{text}} into {{lang}} ({{other}})', values)).toBe(
      'Translate bonjour into {{lang}} ({{other}})',
    );
    // Names are looked up as own keys only: nothing from the prototype fills a placeholder.
    expect(fillVariables('{{constructor}}', {})).toBe('{{constructor}}');
    // A value is put in as written, $-patterns included.
    expect(fillVariables('{{a}}', { a: '$& and $1' })).toBe('$& and $1');
  });

  it('names the rule a bad variable breaks', () => {
    const bad = promptVariablesSchema.safeParse({ 'not a name': 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toMatch(/must be a variable name/);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`v${i}`, '']));
    expect(promptVariablesSchema.safeParse(many).error?.issues[0].message).toBe(
      'must hold at most 50 variables',
    );
  });
});
