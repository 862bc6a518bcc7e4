import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../db/open-database';
import { openDataFolder } from '../../db/open-data-folder';
import { StorageNotices } from '../../storage/storage-notices';
import { judgeWorkerEntry } from '../../workers/judge-worker-entry';
import { WorkerPool } from '../../workers/worker-pool';
import type { BatchCase } from '../../../../src-shared/judge/batch-run';
import { estimateJudge } from '../../../../src-shared/judge/judge-estimate';
import { parseState } from '../../../../src-shared/judge/state-input';
import { sampleQuestions } from '../sample-questions.test-helper';
import {
  inThreadTokenCounter,
  loadTokenCounter,
  poolTokenCounter,
  type TokenCounter,
  tokenizerLoadedHere,
} from '../token-counter';
import { estimateBatchRun, estimateRun } from './batch-estimate';
import { setCaseSource, setCasesKey } from './set-case-source';
import { BIG_RUN_QUESTIONS, seedBigRun } from '../../../test-support/big-judge-run';
import { createRepositories } from '../../db/repositories';
import { memoryCaseSource } from './case-source';

/*
 * A run's estimate counts its cases' tokens in the worker pool, page by page, so main never
 * evaluates gpt-tokenizer nor tokenizes 100,000 states (docs/architecture.md, "The judge's
 * tokenizer"). Counts, not timings: main's own tokenizer is never loaded, and every text went
 * to the pool.
 */
const CASES = 100_000;
const cases: BatchCase[] = Array.from({ length: CASES }, (_, i) =>
  i % 1000 === 7
    ? { id: `c${i}`, state: { mode: 'json', text: '[1]' } } // does not read: counted apart
    : { id: `c${i}`, state: { mode: 'text', text: `Case ${i}: 猫 and dogs, ${'in detail '.repeat(i % 5)}` } },
);

let dir: string;
let db: DatabaseSync;
let pool: WorkerPool;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-estimate-'));
  db = openDataFolder(dir, new StorageNotices());
  pool = new WorkerPool({
    size: 2,
    entry: judgeWorkerEntry(),
    workerData: { databaseFile: join(dir, DATABASE_FILE) },
  }).warm();
  await pool.ready();
}, 60_000);
afterAll(async () => {
  await pool?.close();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a run’s estimate with the worker pool', () => {
  it('over a set’s saved cases, reads and counts them whole in a worker: main neither reads nor counts', async () => {
    seedBigRun(db, 3000);
    const repos = createRepositories({ db, notices: new StorageNotices() });
    const key = setCasesKey('big-set');
    const inner = poolTokenCounter(pool);
    const counted: number[] = [];
    const tokens: TokenCounter = {
      ...inner,
      count: (texts, signal) => (counted.push(texts.length), inner.count(texts, signal)),
    };
    let mainReads = 0;
    const source = () => (mainReads++, setCaseSource(repos.cases, key)!);
    const run = { model: 'judge-1.13.0', source: { kind: 'named' as const, key } };

    const e = await estimateBatchRun(run, BIG_RUN_QUESTIONS, 4, source, tokens);

    expect(mainReads).toBe(0);
    expect(counted).toHaveLength(0);
    expect(tokenizerLoadedHere()).toBe(false);
    expect(e).toMatchObject({ cases: 3000, unreadableCases: 0, concurrency: 4 });
    // A run whose cases main reads (inline ones) is counted in the pool page by page: the same.
    const inline = { model: 'judge-1.13.0', source: { kind: 'inline' as const, cases: [] } };
    const viaPages = await estimateBatchRun(inline, BIG_RUN_QUESTIONS, 4, source, tokens);
    expect(mainReads).toBe(1);
    expect(counted.length).toBeGreaterThan(1);
    expect(viaPages).toEqual(e);
  }, 60_000);

  it('stops when the caller goes away: the worker’s job is ended, and main stops reading pages', async () => {
    const repos = createRepositories({ db, notices: new StorageNotices() });
    const key = setCasesKey('big-set');
    const run = { model: 'judge-1.13.0', source: { kind: 'named' as const, key } };
    const source = () => setCaseSource(repos.cases, key)!;
    const leaving = new AbortController();
    const inWorker = estimateBatchRun(
      run,
      BIG_RUN_QUESTIONS,
      4,
      source,
      poolTokenCounter(pool),
      leaving.signal,
    );
    leaving.abort();
    await expect(inWorker).rejects.toMatchObject({ error: { code: 'aborted' } });
    // The pool answers the next job (a fresh worker took the stopped one's place).
    await expect(
      estimateBatchRun(run, BIG_RUN_QUESTIONS, 4, source, poolTokenCounter(pool)),
    ).resolves.toMatchObject({
      cases: 3000,
    });

    // Main's own reading, page by page, stops at the next page once the caller has gone.
    let pagesRead = 0;
    const stop = new AbortController();
    const counting: TokenCounter = {
      count: async (texts) => (pagesRead === 1 && stop.abort(), texts.map(() => 1)),
    };
    const paged = memoryCaseSource(cases);
    const read = {
      count: () => paged.count(),
      page: (offset: number, limit: number) => (pagesRead++, paged.page(offset, limit)),
    };
    const inline = { model: 'judge-1.13.0', source: { kind: 'inline' as const, cases: [] } };
    await expect(
      estimateBatchRun(inline, sampleQuestions, 4, () => read, counting, stop.signal),
    ).rejects.toMatchObject({ error: { code: 'aborted' } });
    expect(pagesRead).toBe(1);
  }, 60_000);

  it(`counts ${CASES.toLocaleString('en')} cases in the pool, page by page, never loading the tokenizer on main`, async () => {
    const pages: number[] = [];
    const inner = poolTokenCounter(pool);
    const tokens: TokenCounter = {
      count: (texts, signal) => (pages.push(texts.length), inner.count(texts, signal)),
    };

    const e = await estimateRun(memoryCaseSource(cases), sampleQuestions, 'judge-1.13.0', 4, tokens);

    expect(tokenizerLoadedHere()).toBe(false);
    expect(e).toMatchObject({ cases: CASES, unreadableCases: CASES / 1000, concurrency: 4 });
    // The questions and envelope once, then one call per page of 200 cases' readable states.
    expect(pages).toHaveLength(1 + CASES / 200);
    expect(Math.max(...pages.slice(1))).toBeLessThanOrEqual(200);
    expect(pages.slice(1).reduce((a, b) => a + b, 0)).toBe(CASES - CASES / 1000);

    // The same total as counting in this thread (which loads the tokenizer here).
    const inThread = await estimateRun(memoryCaseSource(cases), sampleQuestions, 'judge-1.13.0', 4);
    expect(e.inputTokens).toBe(inThread.inputTokens);
  }, 120_000);

  it('in this thread, totals what each case’s own estimate counts', async () => {
    const some = cases.slice(0, 2000);
    const count = await loadTokenCounter();
    let expected = 0;
    for (const c of some) {
      const state = parseState(c.state);
      if (state.ok)
        expected += estimateJudge(state.value, sampleQuestions, count, 'judge-1.13.0').totalTokens;
    }
    const e = await estimateRun(
      memoryCaseSource(some),
      sampleQuestions,
      'judge-1.13.0',
      1,
      inThreadTokenCounter,
    );
    expect(e).toMatchObject({ cases: 2000, unreadableCases: 2, inputTokens: expected });
  });
});
