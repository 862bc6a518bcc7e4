import type { Question } from '../../../src-shared/judge/question-rules';

/** One question of each type, as the judge service tests send them. */
export const sampleQuestions: Question[] = [
  {
    name: 'tone',
    type: 'choice',
    instructions: 'Tone?',
    options: [
      { name: 'calm', description: 'calm words' },
      { name: 'angry', description: 'angry shouting' },
    ],
    levels: [],
  },
  {
    name: 'quality',
    type: 'score',
    instructions: 'Quality',
    options: [],
    levels: ['poor', 'fine', 'excellent'],
  },
  { name: 'cats', type: 'noul', instructions: 'The text is about cats', options: [], levels: [] },
];
