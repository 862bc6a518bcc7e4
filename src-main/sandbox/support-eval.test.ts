import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonBody } from '../test-support/json-body';
import { answerChat } from './chat-answer';
import { chatRequestSchema } from './chat-schema';
import { requireModel } from './model-catalog';
import type { CheckedQuestion } from './routes/judge-answers';
import { judgeAnswers } from './routes/judge-answers';
import { stateFeatures } from './routes/judge-cues';
import { JUDGE_VERSIONS, PINNED_JUDGE } from './routes/judge';
import { seededRng } from './seed';
import { startSandbox } from './server';
import { post } from './test-helpers';

/**
 * The sample eval of resources/samples/README.md run without the app: every row of the sample
 * dataset, through both prompt variants and both Sandbox models, answered by the Sandbox's chat
 * (as its route seeds it) and graded by the Sandbox judge on the sample question set, the state
 * being the row's variables and the reply as JSON. Nothing here sees a label.
 */
const samples = join(import.meta.dirname, '../../resources/samples');
const rowsText = readFileSync(join(samples, 'support-eval-rows.jsonl'), 'utf8');
const rows = rowsText
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, string>);

// The two prompt variants, word for word as resources/samples/README.md gives them.
const readme = readFileSync(join(samples, 'README.md'), 'utf8');
const quoted = (label: string) => {
  const m = new RegExp(`${label}:\\n\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\``).exec(readme);
  if (!m) throw new Error(`README.md has no ${label} block`);
  return m[1];
};
const PROMPT_A = quoted('Variant A, system');
const PROMPT_B = quoted('Variant B, system');
const USER_TEMPLATE = quoted('Both variants, user');

interface SetFile {
  set: {
    questions: {
      name: string;
      type: CheckedQuestion['type'];
      instructions: string;
      options: { name: string; description: string }[];
      levels: string[];
    }[];
  };
}
const setFile = JSON.parse(
  readFileSync(join(samples, 'support-replies.question-set.json'), 'utf8'),
) as SetFile;
const questions: CheckedQuestion[] = setFile.set.questions.map((q) => ({
  name: q.name,
  type: q.type,
  instructions: q.instructions,
  options: q.options.map((o) => [o.name, o.description]),
  levels: q.levels,
}));

const fill = (template: string, row: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => row[name]);

function reply(system: string, modelId: string, row: Record<string, string>): string {
  const body = chatRequestSchema.parse({
    model: modelId,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: fill(USER_TEMPLATE, row) },
    ],
  });
  // As routes/chat-completions.ts seeds a request with no extra fields.
  const rng = seededRng('chat', modelId, body.messages, null, null, null);
  return answerChat(body, requireModel(modelId, 'chat'), rng).reply.content;
}

interface Column {
  replies: string[];
  /** Per row: the judge chose `resolved`, chose `polite`, and the helpfulness score (0–4). */
  resolved: boolean[];
  polite: boolean[];
  helpfulness: number[];
}

function runColumn(system: string, modelId: string): Column {
  const col: Column = { replies: [], resolved: [], polite: [], helpfulness: [] };
  for (const row of rows) {
    const text = reply(system, modelId, row);
    col.replies.push(text);
    const state = JSON.stringify({ ...row, reply: text });
    const answers = judgeAnswers(
      state,
      questions,
      JUDGE_VERSIONS[PINNED_JUDGE],
      (...parts) => seededRng(...parts),
      PINNED_JUDGE,
    ) as Record<string, { choice?: string; score?: number }>;
    col.resolved.push(answers.resolves.choice === 'resolved');
    col.polite.push(answers.tone.choice === 'polite');
    col.helpfulness.push(answers.helpfulness.score!);
  }
  return col;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const share = (xs: readonly boolean[]) => xs.filter(Boolean).length / xs.length;

/** Paired difference B − A over the rows: its mean and how many standard errors from 0 it is. */
function paired(a: readonly number[], b: readonly number[]): { mean: number; z: number } {
  const d = a.map((x, i) => b[i] - x);
  const m = mean(d);
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - m) ** 2, 0) / (d.length - 1));
  return { mean: m, z: m / (sd / Math.sqrt(d.length)) };
}

/**
 * How often a variant B reply shows what B asked for, as the judge's cues read it: an apology,
 * a fix done, numbered steps (three instructions per row).
 */
function followsB(replies: readonly string[]): number {
  let shown = 0;
  for (const r of replies) {
    const body = r.toLowerCase();
    if (/\b(sorry|apolog\w*)\b/.test(body)) shown++;
    if (stateFeatures(JSON.stringify({ reply: r })).done > 0) shown++;
    if (/^1\. /m.test(r)) shown++;
  }
  return shown / (3 * replies.length);
}

const columns = {
  aOne: runColumn(PROMPT_A, 'sandbox-chat-1'),
  aMini: runColumn(PROMPT_A, 'sandbox-chat-mini'),
  bOne: runColumn(PROMPT_B, 'sandbox-chat-1'),
  bMini: runColumn(PROMPT_B, 'sandbox-chat-mini'),
};
const asNumbers = (xs: readonly boolean[]) => xs.map(Number);

describe('the sample support eval on the Sandbox (200 rows × 2 prompts × 2 models)', () => {
  it('uses the 200 rows of the sample dataset, whose replies differ by row', () => {
    expect(rows).toHaveLength(200);
    expect(new Set(columns.bOne.replies).size).toBeGreaterThan(150);
  });

  it('grades variant B (apologise, give steps, resolve) decisively higher than A on both models', () => {
    for (const [a, b] of [
      [columns.aOne, columns.bOne],
      [columns.aMini, columns.bMini],
    ]) {
      const help = paired(a.helpfulness, b.helpfulness);
      expect(help.mean).toBeGreaterThan(0.8); // levels on the 0–4 scale
      expect(help.z).toBeGreaterThan(5);
      const resolved = paired(asNumbers(a.resolved), asNumbers(b.resolved));
      expect(resolved.mean).toBeGreaterThan(0.3);
      expect(resolved.z).toBeGreaterThan(5);
      expect(share(b.polite) - share(a.polite)).toBeGreaterThan(0.25);
    }
  });

  it('has sandbox-chat-1 follow the instructions more often than sandbox-chat-mini, which is short of always', () => {
    const one = followsB(columns.bOne.replies);
    const mini = followsB(columns.bMini.replies);
    expect(one).toBeGreaterThan(0.85);
    expect(mini).toBeLessThan(0.8);
    expect(mini).toBeGreaterThan(0.5);
    // So on the same prompt the larger model scores higher too.
    expect(paired(columns.bMini.helpfulness, columns.bOne.helpfulness).z).toBeGreaterThan(3);
  });

  it('has sandbox-chat-mini write shorter replies than sandbox-chat-1 on either prompt', () => {
    const length = (c: Column) => mean(c.replies.map((r) => r.length));
    expect(length(columns.aMini)).toBeLessThan(0.8 * length(columns.aOne));
    expect(length(columns.bMini)).toBeLessThan(0.8 * length(columns.bOne));
  });

  it('gives the same reply to the same request, in process and over HTTP', async () => {
    expect(reply(PROMPT_B, 'sandbox-chat-mini', rows[7])).toBe(columns.bMini.replies[7]);
    const server = await startSandbox();
    try {
      const res = await post(server.baseUrl, '/chat/completions', {
        model: 'sandbox-chat-mini',
        messages: [
          { role: 'system', content: PROMPT_B },
          { role: 'user', content: fill(USER_TEMPLATE, rows[7]) },
        ],
      });
      const body = (await jsonBody(res)) as { choices: { message: { content: string } }[] };
      expect(body.choices[0].message.content).toBe(columns.bMini.replies[7]);
    } finally {
      await server.close();
    }
  });

  it('is the dataset its script writes: the script is deterministic and the file is current', () => {
    const out = mkdtempSync(join(tmpdir(), 'gatehouse-eval-rows-'));
    try {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(samples, 'generate-support-eval-rows.ts'), out],
        { encoding: 'utf8' },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(readFileSync(join(out, 'support-eval-rows.jsonl'), 'utf8')).toBe(rowsText);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
