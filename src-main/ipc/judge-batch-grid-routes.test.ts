import { afterAll, describe, expect, it } from 'vitest';
import type { BatchGridPage } from '../../src-shared/judge/batch-grid';
import type { BatchRunView } from '../../src-shared/judge/batch-run';
import type { StoredSet } from '../../src-shared/judge/question-set';
import { sampleQuestions } from '../core/judge/sample-questions.test-helper';
import { routerCalls, testServices } from './services.test-helper';

const t = testServices();
const { call } = routerCalls(t.services);
afterAll(() => t.close());

describe('judge.batch.grid through the router', () => {
  it('pages a filtered run of saved cases and refuses bad input with the field and the rule', async () => {
    const set = await call<StoredSet>('judge.sets.save', {
      set: { name: 'Grid', questions: sampleQuestions },
    });
    for (const text of ['about cats', 'about dogs', 'cats again'])
      await call('judge.cases.add', {
        setId: set.id,
        state: { mode: 'text', text },
        expected: { cats: true },
      });
    const run = await call<BatchRunView>('judge.batch.create', {
      setId: set.id,
      model: 'judge-1.13.0',
      filter: 'cats',
    });
    expect(run.totals.cases).toBe(2);
    const page = await call<BatchGridPage>('judge.batch.grid', { id: run.id, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => [r.preview, r.status])).toEqual([['about cats', 'pending']]);

    await expect(call('judge.batch.grid', { id: run.id, limit: 500 })).rejects.toThrow(
      'limit: must be from 1 to 200',
    );
    await expect(call('judge.batch.grid', { id: run.id, sort: 'random' })).rejects.toThrow(
      'sort: must be one of case, disagreement, confidence',
    );
    await expect(call('judge.batch.grid', { id: run.id, filter: 'some' })).rejects.toThrow(
      'filter: must be one of all, disagreements, errors',
    );
    await expect(call('judge.batch.gridCase', { id: run.id, caseId: 'no such/id' })).rejects.toThrow(
      /caseId: must be 1 to 120 letters/,
    );
    await expect(
      call('judge.batch.create', {
        setId: set.id,
        model: 'judge-1.13.0',
        filter: 'cats',
        cases: [{ id: 'a', state: { mode: 'text', text: 'x' } }],
      }),
    ).rejects.toThrow('filter: filters the saved cases, so it cannot come with cases sent with the run');
    await expect(
      call('judge.batch.create', { setId: set.id, model: 'judge-1.13.0', filter: 'x'.repeat(201) }),
    ).rejects.toThrow('filter: must be at most 200 characters');
  });

  it('marks and corrects through the router, refusing bad input with the field and the rule', async () => {
    const set = await call<StoredSet>('judge.sets.save', {
      set: { name: 'Review', questions: sampleQuestions },
    });
    await call('judge.cases.add', {
      setId: set.id,
      state: { mode: 'text', text: 'x' },
      expected: { cats: true },
    });
    const run = await call<BatchRunView>('judge.batch.create', { setId: set.id, model: 'judge-1.13.0' });
    await expect(call('judge.batch.mark', { id: run.id, caseId: 'a', verdict: 'maybe' })).rejects.toThrow(
      'verdict: must be agree, disagree or null',
    );
    await expect(
      call('judge.batch.mark', { id: run.id, caseId: 'a', verdict: null, comment: 'x'.repeat(2001) }),
    ).rejects.toThrow('comment: must be at most 2000 characters');
    await expect(
      call('judge.batch.correctLabel', { id: run.id, caseId: 'a', question: 'cats', value: 'yes' }),
    ).rejects.toThrow('value: must be an option or level index, or true/false');
    await expect(
      call('judge.batch.correctLabel', { id: run.id, caseId: 'nope', question: 'cats', value: false }),
    ).rejects.toThrow(/caseId: “nope” is not a saved case/);
  });
});
