import { describe, expect, it } from 'vitest';
import { casesStamp } from '../../db/cases-stamp';
import { openMemoryDatabase } from '../../db/open-database';
import { createRepositories } from '../../db/repositories';
import { StorageNotices } from '../../storage/storage-notices';
import type { WorkerPool } from '../../workers/worker-pool';
import { seedBigRun } from '../../../test-support/big-judge-run';
import { BatchGrid } from './batch-grid';
import { LabelledRunCache } from './labelled-run';
import { JudgeRunViews, type JudgeRunViewsDeps } from './run-views';
import { setCasesKey } from './set-case-source';

/**
 * A pool that records the jobs sent to it and answers each when the test says so; `idle` says
 * whether it has a worker free (none while its workers still load their code, at start).
 */
function recordingPool(idle = true) {
  const sent: { kind: string; answer: (v: unknown) => void }[] = [];
  const pool = {
    run: (kind: string) => new Promise((resolve) => sent.push({ kind, answer: resolve })),
    hasIdleWorker: () => idle,
  } as unknown as WorkerPool;
  return { pool, sent, kinds: () => sent.map((s) => s.kind) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the grid of a run through the workers', () => {
  it('asks for the first page before the index, and starts building the index once it is answered', async () => {
    const db = openMemoryDatabase();
    const big = seedBigRun(db, 20);
    const repos = createRepositories({ db, notices: new StorageNotices() });
    const { pool, sent, kinds } = recordingPool();
    const views = new JudgeRunViews({
      pool,
      labelled: new LabelledRunCache({ ...repos, labelsStamp: casesStamp(db) }),
    } as JudgeRunViewsDeps);
    const input = { id: big.runA, sort: 'case', filter: 'all', offset: 0, limit: 100 } as const;

    const first = views.gridPage(input);
    const again = views.gridPage({ ...input, offset: 100 });
    await tick();
    // Only pages so far: a build beside them would share the CPU they need.
    expect(kinds()).toEqual(['grid.pageFromTables', 'grid.pageFromTables']);
    expect(views.building(big.runA)).toBeDefined();

    sent[0].answer({ total: 20, rows: [], questions: [], thresholds: {} });
    await first;
    await tick();
    expect(kinds()).toEqual(['grid.pageFromTables', 'grid.pageFromTables', 'grid.build']);

    // Another sort waits for that one build, then reads the index.
    const sorted = views.gridPage({ ...input, sort: 'confidence' });
    await tick();
    expect(kinds().filter((k) => k === 'grid.build')).toHaveLength(1);
    sent[2].answer(undefined);
    await tick();
    expect(kinds().at(-1)).toBe('grid.page');
    sent.at(-1)!.answer({ total: 20, rows: [], questions: [], thresholds: {} });
    sent[1].answer({ total: 20, rows: [], questions: [], thresholds: {} });
    await Promise.all([sorted, again]);
    db.close();
  });

  it('reads the first page on main, its count in slices, while no worker is free to (both still loading)', async () => {
    const db = openMemoryDatabase();
    const big = seedBigRun(db, 30);
    const repos = createRepositories({ db, notices: new StorageNotices() });
    const labelled = new LabelledRunCache({ ...repos, labelsStamp: casesStamp(db) });
    const { pool, sent, kinds } = recordingPool(false);
    const views = new JudgeRunViews({ pool, labelled } as JudgeRunViewsDeps);
    const input = { id: big.runA, sort: 'case', filter: 'all', offset: 0, limit: 10 } as const;

    const first = await views.gridPage(input);
    // Answered with no page job sent to the pool: nothing waited for a worker to load.
    expect(first).toEqual(new BatchGrid({ labelled }).page(input));
    expect(first.total).toBe(30);
    await tick();
    expect(kinds()).toEqual(['grid.build']);
    // A page of a run still to go (its filtered count reads every case) is a worker's.
    const run = repos.batches.getRun(big.runB)!;
    repos.batches.putRun({
      ...run,
      state: 'running',
      source: { kind: 'named', key: setCasesKey(big.setId, 'cats') },
    });
    const other = views.gridPage({ ...input, id: big.runB });
    await tick();
    expect(kinds()).toEqual(['grid.build', 'grid.pageFromTables']);
    sent[1].answer({ total: 10, rows: [], questions: [], thresholds: {} });
    await other;
    db.close();
  });
});
