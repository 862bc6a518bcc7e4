import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedChatBody } from '../../src-shared/request/chat-body';
import {
  embeddingsRequestBody,
  imagesRequestBody,
  speechRequestBody,
} from '../../src-shared/media/media-request';
import { buildVideoRequest, defaultVideoForm } from '../../src-shared/video/video-request';
import { type CodeKind, type CodeRequest, generateCode, KEY_ENV } from '../../src-shared/request/view-code';
import { startSandbox, type SandboxServer } from './server';

const run = promisify(execFile);
/** Node code is written inside the project so that `import 'openai'` finds its package. */
const scratch = mkdtempSync(join(resolve('.'), '.view-code-'));
const has = (tool: string) => {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

let sandbox: SandboxServer;
beforeAll(async () => {
  sandbox = await startSandbox({ tokenDelayMs: 1, videoPaceMs: 50 });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The bodies the forms send, built by the same functions; the chat one with an extra field. */
const BODIES: Record<CodeKind, Record<string, unknown>> = {
  chat: streamedChatBody({
    model: 'sandbox-chat-mini',
    messages: [{ role: 'user', content: "Say 'hello' — with a quote" }],
    temperature: 0.2,
    seed: 7,
    extra: { repetition_penalty: 1.1 },
  }),
  embeddings: embeddingsRequestBody({
    model: 'sandbox-embed-1',
    inputs: ['one', 'two'],
    encodingFormat: 'float',
  }),
  images: imagesRequestBody({
    model: 'sandbox-image-1',
    prompt: 'a lighthouse',
    n: 1,
    size: '256x256',
    responseFormat: 'b64_json',
  }),
  speech: speechRequestBody({
    model: 'sandbox-tts-1',
    text: 'Hello there.',
    voice: 'alloy',
    format: 'wav',
    speed: 1,
  }),
  video: {
    ...buildVideoRequest({
      ...defaultVideoForm(),
      model: 'vidmodel-2-0-fast-260128',
      prompt: 'waves on a beach',
    }),
  },
  judge: {
    model: 'judge-1.13.0',
    state: 'The customer was angry and shouted about the late delivery',
    questions: {
      tone: { type: 'choice', instructions: 'What is the tone?', criteria: { calm: 'calm', angry: 'angry' } },
      refund: { type: 'noul', instructions: 'The customer asks for a refund' },
    },
  },
  // Any other call, as the request log recorded it: here the model list.
  http: {},
};
/** What each program prints when the gateway answered as it should. */
const PRINTS: Record<CodeKind, RegExp> = {
  chat: /hello/i,
  embeddings: /^0 \d+/m,
  images: /base64 characters/,
  speech: /saved speech\.wav/,
  video: /status: succeeded/,
  judge: /"tone"/,
  http: /sandbox-chat/,
};

const request = (kind: CodeKind): CodeRequest => ({
  kind,
  host: `${sandbox.origin}/v1/`,
  judgeSegment: 'partner',
  body: BODIES[kind],
  ...(kind === 'http' ? { http: { method: 'GET', path: '/v1/models', auth: true, withBody: false } } : {}),
});
const env = () => ({ ...process.env, [KEY_ENV]: 'sk-view-code-test' });
const KINDS = Object.keys(BODIES) as CodeKind[];

describe('the code "View code" shows, run against the Sandbox', () => {
  it.each(KINDS)('%s: the Node program succeeds', async (kind) => {
    const file = join(scratch, `${kind}.mjs`);
    writeFileSync(file, generateCode(request(kind), 'node'));
    const { stdout } = await run(process.execPath, [file], { cwd: scratch, env: env(), timeout: 30_000 });
    expect(stdout).toMatch(PRINTS[kind]);
    if (kind === 'speech')
      expect(readFileSync(join(scratch, 'speech.wav')).subarray(0, 4).toString()).toBe('RIFF');
  });

  // curl and jq are ordinary tools, but a bare machine may lack them: then this says so and stops.
  it.each(KINDS)('%s: the curl command succeeds', async (kind) => {
    if (!has('curl') || (kind === 'video' && !has('jq'))) {
      console.warn(`skipped: ${kind === 'video' ? 'curl or jq' : 'curl'} is not installed here`);
      return;
    }
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', generateCode(request(kind), 'curl')], {
      cwd: scratch,
      env: env(),
      timeout: 30_000,
    });
    if (kind === 'speech') expect(readFileSync(join(scratch, 'speech.wav')).length).toBeGreaterThan(44);
    else
      expect(stdout).toMatch(
        kind === 'video' ? /succeeded/ : kind === 'chat' ? /data: / : kind === 'http' ? /sandbox-chat/ : /\{/,
      );
  });

  it.each(KINDS)('%s: the Python program compiles', async (kind) => {
    if (!has('python3')) {
      console.warn('skipped: python3 is not installed here');
      return;
    }
    const file = join(scratch, `${kind}.py`);
    writeFileSync(file, generateCode(request(kind), 'python'));
    await run('python3', ['-m', 'py_compile', file], { timeout: 30_000 });
  });

  it('never writes the key into the code, and puts unknown fields where each SDK takes them', () => {
    for (const kind of KINDS)
      for (const language of ['curl', 'python', 'node'] as const)
        expect(generateCode(request(kind), language)).not.toContain('sk-');
    const python = generateCode(request('chat'), 'python');
    expect(python).toContain('    seed=7,\n');
    expect(python).toContain('    extra_body={"repetition_penalty": 1.1},\n');
    expect(python).toContain('base_url="http://127.0.0.1:');
    expect(generateCode(request('judge'), 'curl')).toContain(`${sandbox.origin}/partner/v1/systemone`);
  });
});
