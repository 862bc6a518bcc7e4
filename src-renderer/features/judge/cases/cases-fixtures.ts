import type { JudgeCase } from '../../../../src-shared/judge/judge-case';
import type { Question } from '../../../../src-shared/judge/question-rules';
import type { StoredSet } from '../../../../src-shared/judge/question-set';

/** A set with one question of each type, for the view's tests. */
export const caseQuestions: Question[] = [
  {
    name: 'tone',
    type: 'choice',
    instructions: 'Tone?',
    options: [
      { name: 'calm', description: 'calm' },
      { name: 'angry', description: 'angry' },
    ],
    levels: [],
  },
  {
    name: 'helpfulness',
    type: 'score',
    instructions: 'How helpful?',
    options: [],
    levels: ['none', 'some', 'full'],
  },
  { name: 'refund', type: 'noul', instructions: 'Offers a refund.', options: [], levels: [] },
];

export const caseSet: StoredSet = {
  id: 'set-1',
  name: 'Replies',
  createdAt: 1,
  updatedAt: 1,
  revisions: [{ revision: 1, savedAt: 1, questions: caseQuestions }],
};

/** The case at `index` of a made-up list: its id and state say where it is. */
export function caseAt(index: number): JudgeCase {
  return {
    id: `case-${index}`,
    setId: 'set-1',
    position: index,
    updatedAt: 1,
    state: `Reply number ${index}`,
    expected: { tone: index % 2, helpfulness: index % 3, refund: index % 2 === 0 },
    note: `note ${index}`,
  };
}

/** judge.cases.list over `total` made-up cases, as main pages them. */
export function listOf(total: number) {
  return (input: unknown) => {
    const { offset, limit } = input as { offset: number; limit: number };
    const out: JudgeCase[] = [];
    for (let i = offset; i < Math.min(total, offset + limit); i++) out.push(caseAt(i));
    return out;
  };
}
