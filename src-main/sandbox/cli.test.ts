import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLI_PORT, parseCliArgs, splitInAppSandboxArgs } from './cli-args';

describe('parseCliArgs', () => {
  it('maps flags to options', () => {
    expect(
      parseCliArgs([
        '--port',
        '0',
        '--rate-limit',
        '5',
        '--balance',
        '1.5',
        '--fault',
        'cut-stream',
        '--token-delay',
        '0',
      ]),
    ).toEqual({
      kind: 'run',
      options: { port: 0, rateLimit: 5, balanceYuan: 1.5, fault: 'cut-stream', tokenDelayMs: 0 },
    });
    expect(parseCliArgs([])).toEqual({ kind: 'run', options: { port: DEFAULT_CLI_PORT } });
    expect(parseCliArgs(['--judge-latency-ms', '200'])).toEqual({
      kind: 'run',
      options: { port: DEFAULT_CLI_PORT, judgeLatencyMs: 200 },
    });
    expect(splitInAppSandboxArgs(['--sandbox-judge-latency-ms', '50']).sandbox).toEqual({
      kind: 'run',
      options: { port: 0, judgeLatencyMs: 50 },
    });
    expect(parseCliArgs(['-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--port', 'abc'], /--port must be an integer/],
    [['--port', '70000'], /--port/],
    [['--rate-limit', '0'], /--rate-limit must be a positive integer/],
    [['--balance', '-1'], /--balance/],
    [['--fault', 'meteor'], /--fault must be one of .*slow-first-byte/],
    [['--token-delay', 'x'], /--token-delay/],
    [['--judge-latency-ms', 'slow'], /--judge-latency-ms must be a number of milliseconds >= 0, got "slow"/],
    [['--chat-latency-ms', 'soon'], /--chat-latency-ms must be a number of milliseconds >= 0, got "soon"/],
    [['--bogus'], /bogus/],
  ])('rejects %j with a clear message', (argv, message) => {
    const parsed = parseCliArgs(argv);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toMatch(message);
  });
});

describe('cli process', () => {
  it('prints its base URL, serves requests and exits cleanly on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    const baseUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: string) => {
        out += d;
        const m = /Sandbox gateway listening: (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out);
        if (m && out.includes('\n', m.index + m[0].length + 1)) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`cli exited early (${code}): ${out}`)));
    });
    expect(out).toMatch(/stand-in/);
    const res = await fetch(`${baseUrl}/models`, { headers: { Authorization: 'Bearer sk-cli' } });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
