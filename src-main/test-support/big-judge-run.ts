import type { DatabaseSync } from 'node:sqlite';
import { createRepositories } from '../core/db/repositories';
import { transaction } from '../core/db/transaction';
import { StorageNotices } from '../core/storage/storage-notices';
import { setCasesKey } from '../core/judge/batch/set-case-source';
import type { BatchRun } from '../../src-shared/judge/batch-run';
import type { CaseDraft } from '../../src-shared/judge/case-answers';
import type { Question } from '../../src-shared/judge/question-rules';
import { sampleQuestions } from '../core/judge/sample-questions.test-helper';

/** The three questions of a big run: the sample questions, one of each type. */
export const BIG_RUN_QUESTIONS: Question[] = sampleQuestions;

export interface BigRun {
  setId: string;
  /** Two finished runs of the set over every case (drift compares them). */
  runA: string;
  runB: string;
  cases: number;
}

/** A small deterministic generator, so every seeding writes the same data. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function answersOf(rnd: () => number) {
  const calm = rnd();
  const q = [rnd(), rnd(), rnd()];
  const sum = q[0] + q[1] + q[2];
  return [
    {
      name: 'tone',
      kind: 'choice',
      options: [
        { name: 'calm', probability: calm },
        { name: 'angry', probability: 1 - calm },
      ],
    },
    {
      name: 'quality',
      kind: 'score',
      base: 0,
      levels: q.map((p, index) => ({ index, label: String(index), probability: p / sum })),
    },
    { name: 'cats', kind: 'noul', noul: rnd() },
  ];
}

/**
 * A set of `cases` saved test cases, labelled, and two finished batch runs over all of them
 * (one failed case in fifty), written straight into the tables in one transaction: 100,000
 * cases and their 200,000 results take a few seconds, where the app's own paths would take
 * minutes. The rows are what the app writes (the repositories' JSON), so it reads them as its own.
 */
export function seedBigRun(db: DatabaseSync, cases = 100_000, setId = 'big-set'): BigRun {
  const notices = new StorageNotices();
  const repos = createRepositories({ db, notices });
  repos.sets.put({
    id: setId,
    name: 'A big set',
    createdAt: 1,
    updatedAt: 1,
    revisions: [{ revision: 1, savedAt: 1, questions: BIG_RUN_QUESTIONS }],
  });
  const rnd = random(7);
  const drafts: CaseDraft[] = Array.from({ length: cases }, (_, i) => ({
    state: `Case ${i}: a customer writes about ${i % 3 === 0 ? 'cats' : 'dogs'} and the service, ${'in some detail '.repeat(4)}`,
    // Stored form: the option's and the level's index, noul true or false.
    expected: { tone: rnd() < 0.5 ? 0 : 1, quality: Math.floor(rnd() * 3), cats: i % 3 === 0 },
    note: i % 10 === 0 ? 'checked' : '',
  }));
  let n = 0;
  const saved = repos.cases.append(setId, drafts, () => `${setId}-c${++n}`, 2);
  const runs = ['a', 'b'].map((tag, r) => {
    const id = `${setId}-run-${tag}`;
    const run: BatchRun = {
      id,
      setId,
      setRevision: 1,
      model: `judge-${tag}`,
      state: 'done',
      createdAt: 10 + r,
      updatedAt: 20 + r,
      concurrency: 8,
      totals: { cases },
      tokens: cases * 120,
      yuan: cases * 0.001,
      versions: { [`judge-${tag}-1`]: cases },
      rateLimited: 0,
      source: { kind: 'named', key: setCasesKey(setId) },
    };
    repos.batches.putRun(run);
    return id;
  });
  const insert = db.prepare(
    'INSERT INTO judge_batch_results (run_id, case_id, status, updated_at, data) VALUES (?, ?, ?, ?, ?)',
  );
  transaction(db, () => {
    runs.forEach((runId, r) => {
      const rr = random(100 + r);
      saved.forEach((c, i) => {
        if (i % 50 === 7) {
          const error = { code: 'server_error', message: 'The gateway answered 500.', status: 500 };
          insert.run(runId, c.id, 'failed', 30, JSON.stringify({ latencyMs: 40, error }));
          return;
        }
        const answers = answersOf(rr);
        const data = {
          answers,
          modelAnswered: `judge-${r}-1`,
          inputTokens: 120,
          latencyMs: 200 + (i % 97),
          raw: `{"answers":[${answers.length} answers]}`,
          requestId: `req-${r}-${i}`,
        };
        insert.run(runId, c.id, 'done', 30, JSON.stringify(data));
      });
    });
  });
  return { setId, runA: runs[0], runB: runs[1], cases };
}
