import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../core/judge/cases/csv';
import { evalRun } from './eval-run';
import { EXIT } from './judge-run';

const samples = resolve(__dirname, '../../resources/samples');
const SAMPLE = join(samples, 'support-replies.eval.json');
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-eval-cli-'));
const sample = JSON.parse(readFileSync(SAMPLE, 'utf8')) as Record<string, unknown>;

/** The sample eval on its first 20 rows, with `change` applied, written beside a copy of those rows. */
function smallEval(name: string, change: (e: Record<string, unknown>) => void = () => undefined): string {
  const rows = readFileSync(join(samples, 'support-eval-rows.jsonl'), 'utf8').split('\n').slice(0, 20);
  writeFileSync(join(dir, 'rows.jsonl'), rows.join('\n'));
  const file = structuredClone(sample);
  file.dataset = { ...(file.dataset as object), source: { kind: 'file', path: 'rows.jsonl' } };
  // An absolute path is read as it is.
  file.grader = {
    ...(file.grader as object),
    set: { kind: 'file', path: join(samples, 'support-replies.question-set.json') },
  };
  change(file);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(file));
  return path;
}

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l), env: {} } };
}

describe('gatehouse eval run', () => {
  it('runs the sample eval on the Sandbox: every minimum passes, B beats A decisively, the files are written', async () => {
    const t = io();
    const [out, report, junit] = ['results.csv', 'report.html', 'junit.xml'].map((f) => join(dir, f));
    const code = await evalRun(
      [
        '--eval',
        SAMPLE,
        '--sandbox',
        '--concurrency',
        '8',
        '--out',
        out,
        '--report',
        report,
        '--junit',
        junit,
      ],
      t.io,
    );
    expect(code, t.err.join('\n')).toBe(EXIT.ok);
    const stdout = t.out.join('\n');
    expect(stdout).toMatch(
      /^column\s+cells \(errored\)\s+checks passed \[95% CI\]\s+helpfulness mean \[95% CI\]\s+offers_refund yes/m,
    );
    expect(stdout).toMatch(
      /^Apologise and resolve × sandbox-chat-1\s+200 \(0\)\s+100\.0% \[\d+\.\d%, 100\.0%\]\s+3\.\d\d \[/m,
    );
    // The prompts differ for real: a paired comparison on the same rows calls it, on both models.
    for (const model of ['sandbox-chat-1', 'sandbox-chat-mini'])
      expect(stdout).toContain(`helpfulness: Apologise and resolve × ${model} beats Plain × ${model} by 1.`);
    expect(stdout.match(/^ {2}pass: /gm)).toHaveLength(7);
    expect(stdout).not.toMatch(/FAIL/);
    expect(t.err.some((l) => l === '800/800 cells')).toBe(true);

    const [header, ...lines] = parseCsv(readFileSync(out, 'utf8')).map((r) => r.fields);
    expect(lines).toHaveLength(800);
    expect(lines.every((l) => l[header.indexOf('state')] === 'done')).toBe(true);
    const html = readFileSync(report, 'utf8');
    expect(html).toContain('<h1>Eval report: Support replies</h1>');
    expect(html).toContain('beats Plain × sandbox-chat-1 by 1.');
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testsuite /g)).toHaveLength(4);
    expect(xml).toMatch(/<testsuites name="Support replies" tests="7" failures="0" errors="0">/);
  }, 120_000);

  it('exits 1 and names the minimum that fails', async () => {
    const impossible = smallEval('impossible.eval.json', (e) => {
      e.minimums = [{ kind: 'mean-score', question: 'helpfulness', min: 4.5 }];
    });
    const t = io();
    const junit = join(dir, 'failing.junit.xml');
    expect(await evalRun(['--eval', impossible, '--sandbox', '--junit', junit], t.io)).toBe(
      EXIT.belowMinimum,
    );
    expect(t.err.join('\n')).toMatch(
      /below the minimum: mean score of “helpfulness” of Plain × sandbox-chat-1: \d\.\d\d \[[^\]]+\] on 20 rows; estimate \d\.\d\d < minimum 4\.50: fails/,
    );
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites name="Support replies" tests="4" failures="4" errors="0">/);
    expect(xml).toContain('<failure message="mean score of “helpfulness” of Plain × sandbox-chat-1:');
  }, 60_000);

  it('exits 2 on a bad file, naming the field and the rule', async () => {
    const noUser = smallEval('no-user.eval.json', (e) => {
      (e.variants as Record<string, unknown>[])[1].user = '';
    });
    const t = io();
    expect(await evalRun(['--eval', noUser, '--sandbox'], t.io)).toBe(EXIT.failed);
    expect(t.err.join('\n')).toContain('variants[1].user: is required: the user message is the prompt');

    const noRows = smallEval('no-rows.eval.json', (e) => {
      e.dataset = { ...(e.dataset as object), source: { kind: 'file', path: 'missing.jsonl' } };
    });
    const u = io();
    expect(await evalRun(['--eval', noRows, '--sandbox'], u.io)).toBe(EXIT.failed);
    expect(u.err.join('\n')).toMatch(/^dataset\.source\.path: \S+missing\.jsonl does not exist/);

    const missingColumn = smallEval('column.eval.json', (e) => {
      const dataset = e.dataset as { columns: string[] };
      dataset.columns = [...dataset.columns, 'tier'];
    });
    const v = io();
    expect(await evalRun(['--eval', missingColumn, '--sandbox'], v.io)).toBe(EXIT.failed);
    expect(v.err.join('\n')).toMatch(/^dataset\.source\.path: .*tier/m);

    const notJson = join(dir, 'not.eval.json');
    writeFileSync(notJson, '{"gatehouse": "eval", "version": 9}');
    const w = io();
    expect(await evalRun(['--eval', notJson, '--sandbox'], w.io)).toBe(EXIT.failed);
    expect(w.err.join('\n')).toContain('version: is 9: the file was written by a newer Gatehouse');

    // A gateway that cannot be reached: the run pauses with the reason, and the command says it.
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const small = smallEval('small.eval.json');
    const env = { GATEWAY_API_KEY: 'sk-test-key' };
    const unreachable = io();
    expect(
      await evalRun(['--eval', small, '--base-url', `http://127.0.0.1:${port}`], { ...unreachable.io, env }),
    ).toBe(EXIT.failed);
    expect(unreachable.err.at(-1)).toMatch(
      /^the run stopped: Nothing answered at 127\.0\.0\.1:\d+ \(connection refused\)/,
    );
    const shortKey = io();
    expect(
      await evalRun(['--eval', small, '--base-url', `http://127.0.0.1:${port}`], {
        ...shortKey.io,
        env: { GATEWAY_API_KEY: 'sk' },
      }),
    ).toBe(EXIT.failed);
    expect(shortKey.err[0]).toBe('the key in GATEWAY_API_KEY must be 8 to 512 characters with no spaces');

    const flags = io();
    expect(await evalRun(['--sandbox'], flags.io)).toBe(EXIT.failed);
    expect(flags.err[0]).toBe('--eval is required: the eval file the app exports (.eval.json)');
    const noKey = io();
    expect(await evalRun(['--eval', SAMPLE, '--base-url', 'https://gw.example'], noKey.io)).toBe(EXIT.failed);
    expect(noKey.err[0]).toMatch(/GATEWAY_API_KEY holds no key/);
  }, 60_000);

  it('prints its usage with --help and exits 0', async () => {
    const t = io();
    expect(await evalRun(['--help'], t.io)).toBe(EXIT.ok);
    expect(t.out.join('\n')).toMatch(
      /^Usage: gatehouse eval run --eval FILE\.eval\.json .*--junit junit\.xml/s,
    );
    expect(t.err).toEqual([]);
  });
});
