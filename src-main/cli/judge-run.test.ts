import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, judgeRun } from './judge-run';

const root = resolve(__dirname, '../..');
const SET = join(root, 'resources/samples/support-replies.question-set.json');
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-'));
// The first 40 sample cases: enough for every metric, quick against the Sandbox.
const CASES = join(dir, 'cases.jsonl');
writeFileSync(
  CASES,
  readFileSync(join(root, 'resources/samples/support-replies.cases.jsonl'), 'utf8')
    .split('\n')
    .slice(0, 40)
    .join('\n'),
);

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), env: {} } };
}

describe('gatehouse judge run', () => {
  it('judges the cases on the Sandbox, prints the metrics, writes the results and passes without minimums', async () => {
    const t = io();
    const results = join(dir, 'results.jsonl');
    const code = await judgeRun(
      ['--set', SET, '--cases', CASES, '--sandbox', '--concurrency', '8', '--out', results],
      t.io,
    );
    expect(t.err.join('\n')).not.toMatch(/below the minimum/);
    expect(code).toBe(EXIT.ok);
    const table = t.out.join('\n');
    expect(table).toMatch(/^question\s+type\s+cases used\s+accuracy\s+AUC/);
    // Every question of the sample set has a row, each with all 40 cases used.
    const set = JSON.parse(readFileSync(SET, 'utf8')) as { set: { questions: { name: string }[] } };
    for (const q of set.set.questions)
      expect(table).toMatch(new RegExp(`${q.name}\\s+\\w+\\s+40/40\\s+\\d\\.\\d{3}`));
    expect(table).toMatch(/answered by judge-1\.13\.0/);
    const lines = readFileSync(results, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: string; model: string });
    expect(lines).toHaveLength(40);
    expect(lines.every((l) => l.status === 'done' && l.model === 'judge-1.13.0')).toBe(true);
    expect(t.err.some((l) => /40\/40 judged/.test(l))).toBe(true);
  });

  it('exits 1 and says which metric fell below a minimum', async () => {
    const t = io();
    const code = await judgeRun(
      ['--set', SET, '--cases', CASES, '--sandbox', '--min-accuracy', '0.999'],
      t.io,
    );
    expect(code).toBe(EXIT.belowMinimum);
    expect(t.err.join('\n')).toMatch(/below the minimum: \S+: accuracy 0\.\d{3} is below 0\.999/);
  });

  it('exits 2 with the rule when the command cannot run', async () => {
    const missing = io();
    expect(await judgeRun(['--cases', CASES, '--sandbox'], missing.io)).toBe(EXIT.failed);
    expect(missing.err[0]).toBe('--set is required: the question set file the app exports');
    const noKey = io();
    expect(
      await judgeRun(['--set', SET, '--cases', CASES, '--base-url', 'https://gw.example'], noKey.io),
    ).toBe(EXIT.failed);
    expect(noKey.err.join('\n')).toMatch(/GATEWAY_API_KEY holds no key/);
    const badModel = io();
    expect(
      await judgeRun(['--set', SET, '--cases', CASES, '--sandbox', '--model', 'judge-9'], badModel.io),
    ).toBe(EXIT.failed);
    expect(badModel.err[0]).toMatch(/--model must be one of judge-1\.13\.0, judge-latest, judge-preview/);
  });

  it('runs as `gatehouse judge run` from the command line, with its exit codes', () => {
    const run = (extra: string[]) =>
      spawnSync(
        process.execPath,
        [
          join(root, 'src-main/cli/gatehouse.mjs'),
          'judge',
          'run',
          '--set',
          SET,
          '--cases',
          CASES,
          '--sandbox',
          ...extra,
        ],
        {
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
    const ok = run([]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/cases used/);
    const below = run(['--min-auc', '0.9999']);
    expect(below.status).toBe(1);
    expect(below.stderr).toMatch(/AUC 0\.\d{3} is below 0\.9999/);
  }, 120_000);
});
