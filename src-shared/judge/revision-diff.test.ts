import { describe, expect, it } from 'vitest';
import type { Question } from './question-rules';
import { diffRevisions, diffWords, isEmptyDiff, type TextPart } from './revision-diff';

const tone: Question = {
  name: 'tone',
  type: 'choice',
  instructions: 'Is the reply calm?',
  options: [
    { name: 'calm', description: 'calm words' },
    { name: 'angry', description: 'shouting' },
  ],
  levels: [],
};
const quality: Question = {
  name: 'quality',
  type: 'score',
  instructions: 'How good is it',
  options: [],
  levels: ['poor', 'fine', 'great'],
};
const cats: Question = { name: 'cats', type: 'noul', instructions: 'About cats', options: [], levels: [] };

const join = (parts: TextPart[], keep: 'removed' | 'added') =>
  parts
    .filter((p) => p.kind === 'same' || p.kind === keep)
    .map((p) => p.text)
    .join('');

describe('diffWords', () => {
  it('marks the words removed and added, keeping the rest', () => {
    expect(diffWords('The reply is polite and short', 'The reply is rude and short')).toEqual([
      { kind: 'same', text: 'The reply is ' },
      { kind: 'added', text: 'rude' },
      { kind: 'removed', text: 'polite' },
      { kind: 'same', text: ' and short' },
    ]);
  });

  it('gives back both texts exactly, whitespace included', () => {
    const a = 'one  two\nthree four five';
    const b = 'zero one two\nfour  five six';
    const parts = diffWords(a, b);
    expect(join(parts, 'removed')).toBe(a);
    expect(join(parts, 'added')).toBe(b);
  });

  it('handles empty texts', () => {
    expect(diffWords('', 'new words')).toEqual([{ kind: 'added', text: 'new words' }]);
    expect(diffWords('old', '')).toEqual([{ kind: 'removed', text: 'old' }]);
    expect(diffWords('', '')).toEqual([]);
  });
});

describe('diffRevisions', () => {
  it('finds questions added, removed and unchanged by name', () => {
    const d = diffRevisions(
      { revision: 1, questions: [tone, quality] },
      { revision: 3, questions: [tone, cats] },
    );
    expect(d.a).toBe(1);
    expect(d.b).toBe(3);
    expect(d.added.map((q) => q.name)).toEqual(['cats']);
    expect(d.removed.map((q) => q.name)).toEqual(['quality']);
    expect(d.unchanged).toEqual(['tone']);
    expect(d.changed).toEqual([]);
  });

  it('a renamed question is one removed and one added', () => {
    const d = diffRevisions(
      { revision: 1, questions: [cats] },
      { revision: 2, questions: [{ ...cats, name: 'dogs' }] },
    );
    expect(d.removed.map((q) => q.name)).toEqual(['cats']);
    expect(d.added.map((q) => q.name)).toEqual(['dogs']);
  });

  it('lists options added, removed and changed', () => {
    const b: Question = {
      ...tone,
      options: [
        { name: 'calm', description: 'calm, kind words' },
        { name: 'neutral', description: 'flat' },
      ],
    };
    const [c] = diffRevisions({ revision: 1, questions: [tone] }, { revision: 2, questions: [b] }).changed;
    expect(c.name).toBe('tone');
    expect(c.options).toEqual([
      { key: 'calm', kind: 'changed', before: 'calm words', after: 'calm, kind words' },
      { key: 'angry', kind: 'removed', before: 'shouting' },
      { key: 'neutral', kind: 'added', after: 'flat' },
    ]);
    expect(c.instructions).toBeUndefined();
    expect(c.levels).toBeUndefined();
  });

  it('compares levels by position and the criteria text word by word', () => {
    const b: Question = { ...quality, instructions: 'How useful is it', levels: ['poor', 'good'] };
    const [c] = diffRevisions({ revision: 1, questions: [quality] }, { revision: 2, questions: [b] }).changed;
    expect(c.levels).toEqual([
      { key: '1', kind: 'changed', before: 'fine', after: 'good' },
      { key: '2', kind: 'removed', before: 'great' },
    ]);
    expect(c.instructions).toEqual([
      { kind: 'same', text: 'How ' },
      { kind: 'added', text: 'useful' },
      { kind: 'removed', text: 'good' },
      { kind: 'same', text: ' is it' },
    ]);
  });

  it('reports a type change with the fields of each type only', () => {
    // A choice question's hidden levels are not its content: only options count for it.
    const a: Question = { ...tone, levels: ['kept from an earlier edit'] };
    const b: Question = { ...tone, type: 'score', options: [], levels: ['low', 'high'] };
    const [c] = diffRevisions({ revision: 1, questions: [a] }, { revision: 2, questions: [b] }).changed;
    expect(c.type).toEqual({ before: 'choice', after: 'score' });
    expect(c.options?.map((o) => o.kind)).toEqual(['removed', 'removed']);
    expect(c.levels).toEqual([
      { key: '0', kind: 'added', after: 'low' },
      { key: '1', kind: 'added', after: 'high' },
    ]);
  });

  it('sees thresholds and minimums change, and nothing when the revisions are equal', () => {
    const a = { revision: 1, questions: [cats, tone], tuning: { thresholds: {}, minimums: { auc: 0.7 } } };
    const b = {
      revision: 2,
      questions: [cats, tone],
      tuning: { thresholds: { cats: 0.65 }, minimums: { auc: 0.7, accuracy: 0.8 } },
    };
    const d = diffRevisions(a, b);
    expect(d.changed).toEqual([{ name: 'cats', threshold: { before: undefined, after: 0.65 } }]);
    expect(d.minimums).toEqual([{ key: 'accuracy', before: undefined, after: 0.8 }]);
    expect(isEmptyDiff(d)).toBe(false);
    expect(isEmptyDiff(diffRevisions(b, { ...b, revision: 3 }))).toBe(true);
  });
});
