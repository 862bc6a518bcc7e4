import { describe, expect, it } from 'vitest';
import { casesStamp } from '../../db/cases-stamp';
import { openMemoryDatabase } from '../../db/open-database';
import { createRepositories } from '../../db/repositories';
import { StorageNotices } from '../../storage/storage-notices';
import { seedBigRun } from '../../../test-support/big-judge-run';
import type { BatchGridInput } from '../../../../src-shared/judge/batch-grid';
import { BatchGrid } from './batch-grid';
import {
  MAIN_PAGE_REACH,
  ROWS_PER_STEP,
  gridPageFromTables,
  gridPageFromTablesInSlices,
} from './grid-first-page';
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

  it('on main, counts a finished run’s total a slice at a time, pausing between: the same page', async () => {
    const { big, repos, grid } = setup();
    const [third] = repos.cases.list(big.setId, { offset: 2, limit: 1 });
    repos.cases.delete([third.id]);
    let pauses = 0;
    const pause = async () => void pauses++;
    // A pause before each ROWS_PER_STEP cases read, and one per slice: slices of 50 of each
    // status's results (the last one of each what is left, maybe none).
    const { done, failed } = repos.batches.counts(big.runA);
    expect(done + failed).toBe(260);
    const slices = Math.floor(done / 50) + 1 + Math.floor(failed / 50) + 1;
    for (const [offset, rows] of [
      [0, 100],
      [100, 100],
      [250, 9],
    ]) {
      const steps = Math.ceil(rows / ROWS_PER_STEP) + slices;
      pauses = 0;
      const sliced = await gridPageFromTablesInSlices(repos, page(big.runA, offset), pause, 50);
      expect(sliced).toEqual(grid.page(page(big.runA, offset)));
      expect(sliced?.total).toBe(259);
      expect(pauses).toBe(steps);
    }
    // A slice as large as the run is one step, and its count is the same.
    expect((await gridPageFromTablesInSlices(repos, page(big.runA, 0), pause, 260))?.total).toBe(259);
  });

  it('on main, leaves to a worker a run still to go (its filtered count reads every case) and a page far down', async () => {
    const { big, repos } = setup(10);
    const run = repos.batches.getRun(big.runB)!;
    repos.batches.putRun({
      ...run,
      state: 'running',
      source: { kind: 'named', key: setCasesKey(big.setId, 'cats') },
    });
    const pause = () => Promise.resolve();
    expect(await gridPageFromTablesInSlices(repos, page(big.runB, 0), pause)).toBeNull();
    expect(await gridPageFromTablesInSlices(repos, page('no-such-run', 0), pause)).toBeNull();
    // Nor a page far down: each step would walk its OFFSET again.
    expect(await gridPageFromTablesInSlices(repos, page(big.runA, MAIN_PAGE_REACH), pause)).toBeNull();
    expect(
      await gridPageFromTablesInSlices(repos, page(big.runA, MAIN_PAGE_REACH - 100), pause),
    ).not.toBeNull();
  });

  it('refuses what only the index can answer: another sort or filter', () => {
    const { big, repos } = setup(10);
    expect(() => gridPageFromTables(repos, { ...page(big.runA, 0), sort: 'confidence' })).toThrow();
  });
});
