import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Conversation, StoredMessage } from '../../../src-shared/chat/conversation';
import type { BatchResult, BatchRun } from '../../../src-shared/judge/batch-run';
import type { JudgeCase } from '../../../src-shared/judge/judge-case';
import { parseJudgeResponse } from '../../../src-shared/judge/judge-answers';
import type { Question } from '../../../src-shared/judge/question-rules';
import { caseData } from '../../core/db/judge-case-repository';
import { openDataFolder } from '../../core/db/open-data-folder';
import { createRepositories } from '../../core/db/repositories';
import { transaction } from '../../core/db/transaction';
import { setCasesKey } from '../../core/judge/batch/set-case-source';
import { StorageNotices } from '../../core/storage/storage-notices';
import { END_MARKER, markdownReply } from './reply-texts';

export const LONG_CHAT = { id: 'bench-long', title: 'Two hundred messages' };
export const SHORT_CHAT = { id: 'bench-short', title: 'A short chat' };

/** Writes, before the app starts, the conversations the "open a long chat" measure switches between. */
export function seedConversations(dataDir: string): void {
  const notices = new StorageNotices();
  const db = openDataFolder(dataDir, notices);
  try {
    const { conversations } = createRepositories({ db, notices });
    conversations.put(conversation(SHORT_CHAT, 2, 1));
    conversations.put(conversation(LONG_CHAT, 200, 2));
  } finally {
    db.close();
  }
}

function conversation(which: { id: string; title: string }, count: number, at: number): Conversation {
  const messages: StoredMessage[] = [];
  for (let i = 0; i < count; i++) {
    messages.push(
      i % 2 === 0
        ? { role: 'user', content: `Question ${i / 2 + 1}: how does step ${i} work?` }
        : {
            role: 'assistant',
            content: markdownReply(1500 + (i % 7) * 300).replace(END_MARKER, ''),
            stats: { totalMs: 900 },
          },
    );
  }
  return {
    ...which,
    createdAt: at,
    updatedAt: at,
    model: 'bench-chat',
    system: '',
    params: {},
    extra: undefined,
    messages,
  };
}

/** The sample set's cases file, one JSON object a line: the state and each question's label. */
interface SampleLine {
  state: JudgeCase['state'];
  note?: string;
  [question: string]: unknown;
}

export interface LargeRuns {
  setId: string;
  /** Two done runs of the set over every case: B answers differently from A on about one case in ten. */
  a: string;
  b: string;
  cases: number;
}

const LARGE_SET = 'bench-large-set';

/**
 * Writes, before the app starts, the sample question set with `cases` saved cases (the sample
 * file's cases over and over, with their labels) and two done batch runs over all of them, their
 * results in the shape the app stores a parsed judge answer (`parseJudgeResponse`), about one in a
 * hundred failed: the run the grid, agreement, drift and export measures open.
 */
export function seedLargeRuns(dataDir: string, projectRoot: string, cases = 100_000): LargeRuns {
  const samples = join(projectRoot, 'resources/samples');
  const file = JSON.parse(readFileSync(join(samples, 'support-replies.question-set.json'), 'utf8')) as {
    set: { name: string; questions: Question[] };
  };
  const questions = file.set.questions;
  const lines = readFileSync(join(samples, 'support-replies.cases.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as SampleLine);
  const notices = new StorageNotices();
  const db = openDataFolder(dataDir, notices);
  try {
    const repos = createRepositories({ db, notices });
    repos.sets.put({
      id: LARGE_SET,
      name: `${file.set.name} (${cases.toLocaleString('en')} cases)`,
      createdAt: 3,
      updatedAt: 3,
      revisions: [{ revision: 1, savedAt: 3, questions }],
    });
    const ids = Array.from({ length: cases }, (_, i) => `bench-case-${String(i).padStart(6, '0')}`);
    const sample = (i: number) => lines[i % lines.length];
    repos.cases.appendStored(
      LARGE_SET,
      ids.map((id, i) => ({
        id,
        data: caseData({ state: sample(i).state, expected: expectedOf(sample(i), questions), note: '' }),
      })),
      3,
    );
    const runOf = (id: string, createdAt: number): BatchRun => ({
      id,
      setId: LARGE_SET,
      setRevision: 1,
      model: 'judge-1.13.0',
      state: 'done',
      createdAt,
      updatedAt: createdAt,
      concurrency: 16,
      totals: { cases },
      tokens: cases * 420,
      yuan: 0,
      versions: { 'judge-1.13.0': cases },
      rateLimited: 0,
      source: { kind: 'named', key: setCasesKey(LARGE_SET) },
    });
    const runs = { a: runOf('bench-large-run-a', 10), b: runOf('bench-large-run-b', 20) };
    transaction(db, () => {
      for (const [which, run] of Object.entries(runs)) {
        repos.batches.putRun(run);
        // Written as a running run writes its answers (`putResults`), a thousand at a time; the
        // run's tallies are its own, already stored, so its record stays as put.
        for (let from = 0; from < cases; from += 1_000) {
          const results = ids.slice(from, from + 1_000).map((caseId, k) => {
            const i = from + k;
            const flip = which === 'b' && i % 10 === 3;
            return resultOf(run.id, caseId, i, sample(i), questions, flip);
          });
          repos.batches.putResults(run.id, results, run);
        }
      }
    });
    return { setId: LARGE_SET, a: runs.a.id, b: runs.b.id, cases };
  } finally {
    db.close();
  }
}

/** A case's labels as the case form keeps them: option or level index, or true/false. */
function expectedOf(line: SampleLine, questions: Question[]): Record<string, number | boolean> {
  const out: Record<string, number | boolean> = {};
  for (const q of questions) {
    const v = line[q.name];
    if (q.type === 'choice' && typeof v === 'string') out[q.name] = q.options.findIndex((o) => o.name === v);
    else if (q.type === 'score' && typeof v === 'number') out[q.name] = v - 1;
    else if (q.type === 'noul' && typeof v === 'boolean') out[q.name] = v;
  }
  return out;
}

/**
 * One case's stored result: the judge mostly agrees with the label; `flip` (run B) moves every
 * answer one step, so the drift has flipped decisions to page through.
 */
function resultOf(
  runId: string,
  caseId: string,
  i: number,
  line: SampleLine,
  questions: Question[],
  flip: boolean,
): BatchResult {
  if (i % 100 === 57)
    return {
      runId,
      caseId,
      status: 'failed',
      updatedAt: 10 + i,
      error: { code: 'gateway_error', message: 'The gateway answered 502 Bad Gateway.', status: 502 },
    };
  const wobble = ((i * 7919) % 97) / 97;
  const answers: Record<string, unknown> = {};
  for (const q of questions) {
    const v = line[q.name];
    if (q.type === 'choice') {
      const at = Math.max(
        0,
        q.options.findIndex((o) => o.name === v),
      );
      const pick = (at + (flip ? 1 : 0)) % q.options.length;
      answers[q.name] = {
        type: 'choice',
        choice: q.options[pick].name,
        probabilities: Object.fromEntries(
          q.options.map((o, k) => [o.name, k === pick ? 0.7 + wobble * 0.2 : (0.3 - wobble * 0.2) / 2]),
        ),
        confidence: 0.6 + wobble * 0.35,
      };
    } else if (q.type === 'score') {
      const score = Math.min(q.levels.length, Math.max(1, (typeof v === 'number' ? v : 3) + (flip ? -1 : 0)));
      answers[q.name] = {
        type: 'score',
        score,
        probabilities: Object.fromEntries(
          q.levels.map((_, k) => [String(k + 1), k + 1 === score ? 0.8 : 0.05]),
        ),
        confidence: 0.5 + wobble * 0.4,
      };
    } else {
      const yes = (v === true) !== flip;
      answers[q.name] = { type: 'noul', noul: yes ? 0.6 + wobble * 0.4 : wobble * 0.4, confidence: 0.7 };
    }
  }
  const body = { model: 'judge-1.13.0', answers, usage: { input_tokens: 400 + (i % 50) } };
  const parsed = parseJudgeResponse(body, questions);
  return {
    runId,
    caseId,
    status: 'done',
    updatedAt: 10 + i,
    answers: parsed.answers as unknown as Record<string, unknown>[],
    modelAnswered: parsed.model,
    inputTokens: parsed.usage.inputTokens,
    latencyMs: 180 + (i % 40),
    raw: JSON.stringify(body),
    requestId: `req-${runId}-${i}`,
  };
}
