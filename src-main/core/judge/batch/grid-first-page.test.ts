import { describe, expect, it } from 'vitest';
import { casesStamp } from '../../db/cases-stamp';
import { openMemoryDatabase } from '../../db/open-database';
import { createRepositories } from '../../db/repositories';
import { StorageNotices } from '../../storage/storage-notices';
import { seedBigRun } from '../../../test-support/big-judge-run';
import type { BatchGridInput } from '../../../../src-shared/judge/batch-grid';
import { BatchGrid } from './batch-grid';
import { gridPageFromTables } from './grid-first-page';
import { LabelledRunCache } from './labelled-run';
import { setCasesKey } from './set-case-source';

function setup(cases = 260) {
  const db = openMemoryDatabase();
  const big = seedBigRun(db, cases);
  const repos = createRepositories({ db, notices: new StorageNotices() });
  const grid = new BatchGrid({ labelled: new LabelledRunCache({ ...repos, labelsStamp: casesStamp(db) }) });
  return { db, big, repos, grid };
}

const page = (id: string, offset: number, limit = 100): BatchGridInput => ({
  id,
  sort: 'case',
  filter: 'all',
  offset,
  limit,
});

describe('the grid page read straight from the tables', () => {
  it('is the page the index gives: the same cases, positions, grades and total', () => {
    const { big, repos, grid } = setup();
    for (const offset of [0, 100, 200, 250, 300]) {
      expect(gridPageFromTables(repos, page(big.runA, offset))).toEqual(grid.page(page(big.runA, offset)));
    }
  });

  it('reads a finished run’s cases as the ones it holds a result for, a deleted case gone', () => {
    const { big, repos, grid } = setup();
    const [second] = repos.cases.list(big.setId, { offset: 1, limit: 1 });
    repos.cases.delete([second.id]);
    repos.cases.append(
      big.setId,
      [{ state: 'added after the run', expected: {}, note: '' }],
      () => 'late',
      9,
    );
    const fromTables = gridPageFromTables(repos, page(big.runA, 0, 200));
    expect(fromTables.total).toBe(259);
    expect(fromTables.rows.some((r) => r.caseId === second.id || r.caseId === 'late')).toBe(false);
    expect(fromTables).toEqual(grid.page(page(big.runA, 0, 200)));
  });

  it('reads a run still to go as the set’s cases its filter matches now', () => {
    const { big, repos, grid } = setup();
    const run = repos.batches.getRun(big.runB)!;
    repos.batches.putRun({
      ...run,
      state: 'running',
      source: { kind: 'named', key: setCasesKey(big.setId, 'cats') },
    });
    const fromTables = gridPageFromTables(repos, page(big.runB, 0, 200));
    expect(fromTables.total).toBe(Math.ceil(260 / 3));
    expect(fromTables).toEqual(grid.page(page(big.runB, 0, 200)));
  });

  it('refuses what only the index can answer: another sort or filter', () => {
    const { big, repos } = setup(10);
    expect(() => gridPageFromTables(repos, { ...page(big.runA, 0), sort: 'confidence' })).toThrow();
  });
});
