import { afterAll, describe, expect, it } from 'vitest';
import type { RevisionSummary, StoredSet } from '../../src-shared/judge/question-set';
import { sampleQuestions } from '../core/judge/sample-questions.test-helper';
import { routerCalls, testServices } from './services.test-helper';

const t = testServices();
const { send, call } = routerCalls(t.services);
afterAll(() => t.close());

describe('judge.sets.restore through the router', () => {
  it('checks its input in main, naming the field and the rule', async () => {
    expect(await send('judge.sets.restore', { id: 'x', revision: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'revision: must be 1 or more' },
    });
    expect(await send('judge.sets.restore', { id: 'x', revision: 1.5 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'revision: must be a whole number' },
    });
    expect(await send('judge.sets.restore', { id: '../x', revision: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'id: must be a saved question set id' },
    });
  });

  it('adds a revision with the old questions, listed first', async () => {
    const set = await call<StoredSet>('judge.sets.save', {
      set: { name: 'Restored', questions: sampleQuestions },
    });
    await call('judge.sets.save', {
      id: set.id,
      set: { name: 'Restored', questions: sampleQuestions.slice(1) },
    });
    const restored = await call<StoredSet>('judge.sets.restore', { id: set.id, revision: 1 });
    expect(restored.revisions.at(-1)?.questions).toEqual(sampleQuestions);
    const list = await call<RevisionSummary[]>('judge.sets.revisions', { id: set.id });
    expect(list.map((r) => [r.revision, r.questionCount])).toEqual([
      [3, 3],
      [2, 2],
      [1, 3],
    ]);
  });
});
