import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../../db/open-database';
import { startSandbox, type SandboxServer } from '../../../sandbox/server';
import { openBatch, saveSampleSet, until } from './batch.test-helper';
import { batchCaseOf, setCaseSource, setCasesKey } from './set-case-source';

const servers: SandboxServer[] = [];
const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(disposers.splice(0).map((d) => d()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe("a batch run over a set's saved test cases", () => {
  it('reads each state as the run sends it: text, a list of texts, a JSON object', () => {
    const c = { id: 'c', setId: 's', position: 0, updatedAt: 1, expected: {}, note: '' };
    expect(batchCaseOf({ ...c, state: 'hello' })).toEqual({
      id: 'c',
      state: { mode: 'text', text: 'hello' },
    });
    expect(batchCaseOf({ ...c, state: ['a', 'b'] })).toEqual({
      id: 'c',
      state: { mode: 'list', text: '["a","b"]' },
    });
    expect(batchCaseOf({ ...c, state: { reply: 'hi' } })).toEqual({
      id: 'c',
      state: { mode: 'json', text: '{"reply":"hi"}' },
    });
  });

  it('judges every saved case when no cases are sent with the run, and refuses a set without any', async () => {
    const sandbox = await startSandbox();
    servers.push(sandbox);
    const db = openMemoryDatabase();
    const probe = openBatch(db, sandbox);
    saveSampleSet(probe.repos);
    await probe.service.dispose();
    const b = openBatch(db, sandbox, {
      [setCasesKey('set-1')]: setCaseSource(probe.repos.cases, setCasesKey('set-1'))!,
    });
    disposers.push(() => b.service.dispose());
    await expect(b.service.create({ setId: 'set-1', model: 'judge-1.13.0', concurrency: 2 })).rejects.toThrow(
      /no test cases/,
    );
    let id = 0;
    b.repos.cases.append(
      'set-1',
      [
        { state: 'calm words about cats', expected: {}, note: '' },
        { state: ['first reply', 'second reply'], expected: {}, note: '' },
        { state: { reply: 'fine service' }, expected: {}, note: '' },
      ],
      () => `saved-${++id}`,
      1,
    );
    const run = await b.service.create({ setId: 'set-1', model: 'judge-1.13.0', concurrency: 2 });
    expect(run.totals.cases).toBe(3);
    b.service.start(run.id);
    await until(() => b.service.get(run.id).state === 'done', 'the run to finish');
    expect(b.service.get(run.id)).toMatchObject({ done: 3, failed: 0 });
    expect(
      b.service
        .results(run.id, 0, 10)
        .results.map((r) => r.caseId)
        .sort(),
    ).toEqual(['saved-1', 'saved-2', 'saved-3']);
    expect(setCaseSource(b.repos.cases, 'other-key')).toBeUndefined();
  });
});
