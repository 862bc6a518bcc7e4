import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CodeFile,
  type CodeLanguage,
  fileMarker,
  generateCode,
} from '../../../src-shared/request/view-code';
import { loopbackServer } from '../gateway/loopback-server.test-helper';

/**
 * View code of a chat question with attached images: each program reads the files from disk and
 * sends, byte for byte, the body the app sends with the images as data URLs (docs/architecture.md,
 * "View code"). One image is larger than one shell argument may be (128 KiB on Linux), so curl
 * must not carry it on its command line.
 */
const run = promisify(execFile);
const KEY = 'sk-code-files-key-0123456789';
const works = (tool: string, args: string[]) => {
  try {
    execFileSync(tool, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const scratch = mkdtempSync(join(resolve('.'), '.view-code-'));
const files: CodeFile[] = [
  { name: 'screenshot.png', mime: 'image/png' },
  { name: "a photo's copy.jpg", mime: 'image/jpeg' },
];
const bytes = [randomBytes(300 * 1024), randomBytes(2048)];
const received: string[] = [];
let server: Awaited<ReturnType<typeof loopbackServer>>;

beforeAll(async () => {
  files.forEach((f, i) => writeFileSync(join(scratch, f.name), bytes[i]));
  server = await loopbackServer((_req, res, body) => {
    received.push(body);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'c1',
        object: 'chat.completion',
        created: 0,
        model: 'peer-model',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'hello' } }],
      }),
    );
  });
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A three-turn history whose questions carry the two images, as the body's markers say. */
const body = {
  model: 'peer-model',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this screenshot?' },
        { type: 'image_url', image_url: { url: fileMarker(0), detail: 'high' } },
      ],
    },
    { role: 'assistant', content: 'A settings page.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'And this one? It\'s "quoted" $HOME `x`' },
        { type: 'image_url', image_url: { url: fileMarker(1), detail: 'auto' } },
      ],
    },
  ],
};
const dataUrl = (i: number) => `data:${files[i].mime};base64,${bytes[i].toString('base64')}`;
const expected = JSON.parse(
  JSON.stringify(body).replace(fileMarker(0), dataUrl(0)).replace(fileMarker(1), dataUrl(1)),
) as unknown;

describe.each(['node', 'curl'] as CodeLanguage[])('View code with attached images, %s', (language) => {
  it('reads each file from disk and sends the body the app sends, never pasting the bytes into the code', async () => {
    if (language === 'curl' && !works('curl', ['--version'])) {
      console.warn('skipped running the curl code: curl is not installed here');
      return;
    }
    const code = generateCode(
      { kind: 'chat', host: server.host, judgeSegment: 'partner', body, files, auth: { scheme: 'bearer' } },
      language,
    );
    expect(code).not.toContain(bytes[1].toString('base64').slice(0, 40));
    expect(code).toContain('screenshot.png');
    received.length = 0;
    const env = { ...process.env, GATEWAY_API_KEY: KEY };
    const opts = { cwd: scratch, env, timeout: 30_000 };
    if (language === 'curl') await run('bash', ['-euo', 'pipefail', '-c', code], opts);
    else {
      writeFileSync(join(scratch, 'code.mjs'), code);
      await run(process.execPath, [join(scratch, 'code.mjs')], opts);
    }
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0])).toEqual(expected);
  });
});

describe('View code with attached images, Python', () => {
  it('reads each file with a helper and compiles', async () => {
    const code = generateCode(
      { kind: 'chat', host: server.host, judgeSegment: 'partner', body, files, auth: { scheme: 'bearer' } },
      'python',
    );
    expect(code).toContain('def data_url(path, mime):');
    expect(code).toContain(`data_url("screenshot.png", "image/png")`);
    expect(code).not.toContain('__gatehouse_file_');
    if (!works('python3', ['--version'])) return;
    writeFileSync(join(scratch, 'compile.py'), code);
    await run('python3', ['-m', 'py_compile', join(scratch, 'compile.py')], { timeout: 30_000 });
  });
});
