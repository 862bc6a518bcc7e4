import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'electron-vite';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../db/open-database';
import { openDataFolder } from '../db/open-data-folder';
import { StorageNotices } from '../storage/storage-notices';
import { BIG_RUN_QUESTIONS, seedBigRun } from '../../test-support/big-judge-run';
import type { BatchGridPage } from '../../../src-shared/judge/batch-grid';
import type { RunAgreement } from '../../../src-shared/judge/run-agreement';
import { Worker } from 'node:worker_threads';
import { judgeWorkerEntry } from './judge-worker-entry';
import { threadEntry } from './thread-entry';
import { WorkerPool } from './worker-pool';
import { COUNT_TOKENS_JOB, ESTIMATE_SET_CASES_JOB } from './worker-messages';
import { setCasesKey } from '../judge/batch/set-case-source';
import type { BatchEstimate } from '../../../src-shared/judge/batch-run';

/*
 * The worker as the built app runs it (docs/architecture.md, "Worker threads"): main's bundle is
 * built with the project's own electron-vite config (its main part only, into a folder of this
 * test's), main's way of finding the worker is asked from where the built entry is, and that
 * built worker, plain JavaScript with no TypeScript loader, answers jobs over a data folder.
 */
const root = resolve('.');
// Inside the project, so the config resolves the project's packages; out/ is never committed.
const scratch = join(root, 'out', `.built-worker-test-${process.pid}`);
const pools: WorkerPool[] = [];

afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  rmSync(scratch, { recursive: true, force: true });
});

describe('the worker threads, built', () => {
  it('are emitted beside main’s entry, found from it, and serve without a TypeScript loader', async () => {
    mkdirSync(scratch, { recursive: true });
    const config = join(scratch, 'main-only.config.mts');
    writeFileSync(
      config,
      `import config from ${JSON.stringify(join(root, 'electron.vite.config.ts'))};\nexport default { main: config.main };\n`,
    );
    await build({ configFile: config, root, logLevel: 'warn', build: { outDir: join(scratch, 'out') } });

    const builtMain = pathToFileURL(join(scratch, 'out', 'main', 'index.js')).href;
    const entry = judgeWorkerEntry(builtMain);
    expect(entry.file.href).toBe(pathToFileURL(join(scratch, 'out', 'main', 'judge-worker.js')).href);
    expect(entry.execArgv).toBeUndefined();

    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-built-worker-'));
    const db = openDataFolder(dataDir, new StorageNotices());
    const big = seedBigRun(db, 300);
    const pool = new WorkerPool({
      size: 1,
      entry,
      workerData: { databaseFile: join(dataDir, DATABASE_FILE) },
    });
    pools.push(pool);
    const input = { id: big.runA, sort: 'case', filter: 'all', offset: 0, limit: 10 };
    const page = await pool.run<BatchGridPage>('grid.pageFromTables', input);
    expect(page.total).toBe(300);
    expect(page.rows.map((r) => r.position)).toEqual([...Array(10).keys()]);
    const agreement = await pool.run<RunAgreement>('agreement', { id: big.runA });
    expect(agreement.total).toBe(300);
    // The judge's token counting, gpt-tokenizer loaded by the built worker itself.
    expect(await pool.run<number[]>(COUNT_TOKENS_JOB, { texts: ['hello world', '', '猫'] })).toEqual([
      2, 0, 1,
    ]);
    // A run's estimate over the set's saved cases, read and counted in the built worker.
    const estimate = await pool.run<BatchEstimate>(ESTIMATE_SET_CASES_JOB, {
      key: setCasesKey('big-set'),
      questions: BIG_RUN_QUESTIONS,
      model: 'judge-1.13.0',
      concurrency: 2,
    });
    expect(estimate).toMatchObject({ cases: 300, unreadableCases: 0 });
    await pool.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });

    // The Sandbox's thread (sandbox/sandbox-worker.ts) is built beside it and serves on its own.
    const sandbox = threadEntry({ source: 'unused.ts', built: 'sandbox-worker.js' }, builtMain);
    expect(sandbox.file.href).toBe(pathToFileURL(join(scratch, 'out', 'main', 'sandbox-worker.js')).href);
    const thread = new Worker(sandbox.file, { workerData: { tokenDelayMs: 0 } });
    const said = await new Promise<{ type: string; origin?: string }>((done) => thread.once('message', done));
    expect(said.type).toBe('listening');
    const models = await fetch(`${said.origin}/v1/models`, { headers: { Authorization: 'Bearer sk-built' } });
    expect(models.status).toBe(200);
    await thread.terminate();
  }, 120_000);
});
