import { describe, expect, it } from 'vitest';
import { type Question, validateQuestionSet, wireQuestions } from './question-rules';
import { questionSetDraftSchema } from './question-set';

const choice: Question = {
  name: 'tone',
  type: 'choice',
  instructions: 'What is the tone?',
  options: [
    { name: 'friendly', description: 'warm' },
    { name: 'hostile', description: 'cold' },
  ],
  levels: [],
};
const score: Question = {
  name: 'quality',
  type: 'score',
  instructions: 'Rate it',
  options: [],
  levels: ['bad', 'ok', 'good'],
};
const noul: Question = {
  name: 'on_topic',
  type: 'noul',
  instructions: 'It is about cats',
  options: [],
  levels: [],
};

describe('question rules', () => {
  it('accepts a set with all three types', () => {
    expect(validateQuestionSet({ name: 'S', questions: [choice, score, noul] })).toEqual([]);
  });

  it('names each problem at its field', () => {
    const issues = validateQuestionSet({
      name: '',
      questions: [
        { ...choice, name: '1bad', options: [{ name: 'a', description: '' }] },
        { ...score, levels: ['only one'] },
        { ...noul, name: 'quality', instructions: ' ' },
      ],
    });
    const byPath = Object.fromEntries(issues.map((i) => [i.path, i.message]));
    expect(byPath.name).toBe('is required');
    expect(byPath['questions[0].name']).toMatch(/must start with a letter/);
    expect(byPath['questions[0].options']).toMatch(/at least 2 options/);
    expect(byPath['questions[0].options[0].description']).toBe('is required');
    expect(byPath['questions[1].levels']).toMatch(/2 to 10 levels/);
    expect(byPath['questions[2].name']).toMatch(/must be unique/);
    expect(byPath['questions[2].instructions']).toBe('is required');
  });

  it('refuses duplicate option names, more than 10 levels and an empty set', () => {
    const dupe = { ...choice, options: [choice.options[0], choice.options[0]] };
    const many = { ...score, levels: Array.from({ length: 11 }, (_, i) => `l${i}`) };
    const paths = validateQuestionSet({ name: 'S', questions: [dupe, many] }).map((i) => i.path);
    expect(paths).toContain('questions[0].options[1].name');
    expect(paths).toContain('questions[1].levels');
    expect(validateQuestionSet({ name: 'S', questions: [] })[0]).toEqual({
      path: 'questions',
      code: 'setEmpty',
      message: 'needs at least one question',
    });
  });

  it('refuses names that index into Object.prototype, with a code the window translates', () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      const [issue] = validateQuestionSet({ name: 'S', questions: [{ ...noul, name }] });
      expect(issue).toMatchObject({ path: 'questions[0].name', code: 'nameReserved', params: { name } });
    }
    const r = questionSetDraftSchema.safeParse({ name: 'S', questions: [{ ...noul, name: 'constructor' }] });
    expect(r.error!.issues[0].message).toMatch(/reserved/);
    const blank = validateQuestionSet({ name: '', questions: [{ ...score, levels: ['', 'x'] }] });
    expect(blank.map((i) => [i.path, i.code])).toEqual([
      ['name', 'required'],
      ['questions[0].levels[0]', 'levelRequired'],
    ]);
  });

  it('is enforced again by the zod schema in main with the same paths', () => {
    const r = questionSetDraftSchema.safeParse({ name: 'S', questions: [{ ...score, levels: ['x'] }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['questions', 0, 'levels']);
    expect(r.error!.issues[0].message).toMatch(/2 to 10 levels/);
  });

  it('sends only the criteria of each type', () => {
    expect(wireQuestions([choice, score, noul])).toEqual({
      tone: {
        type: 'choice',
        instructions: 'What is the tone?',
        criteria: { friendly: 'warm', hostile: 'cold' },
      },
      quality: { type: 'score', instructions: 'Rate it', criteria: ['bad', 'ok', 'good'] },
      on_topic: { type: 'noul', instructions: 'It is about cats' },
    });
  });
});
