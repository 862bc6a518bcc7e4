import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileInput } from '../../../src-shared/profiles/profile';
import { type CodeProfile, codeProfileOf } from '../../../src-shared/request/code-connection';
import { setCode, type SetCodeLanguage } from '../../../src-shared/request/judge-set-code';
import { type CodeKind, type CodeLanguage, generateCode } from '../../../src-shared/request/view-code';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import { completeChat } from '../gateway/chat-api';
import { createEmbeddings } from '../gateway/embeddings-api';
import { GatewayClient } from '../gateway/gateway-client';
import type { GatewayTarget } from '../gateway/gateway-urls';
import { generateImages } from '../gateway/images-api';
import { postJudge } from '../gateway/judge-api';
import { listModels } from '../gateway/models-api';
import { RequestLog } from '../gateway/request-log';
import { createSpeech } from '../gateway/speech-api';
import { createVideoTask, getVideoTask } from '../gateway/video-api';
import { KeyScrubber } from '../security/key-scrubber';
import { MemoryKeyValueStore } from '../storage/key-value-store';
import { KeyVault } from '../vault/key-vault';
import { codePeer, type Seen } from './code-peer.test-helper';
import { ProfileService } from './profile-service';

/**
 * The code View code shows for a profile with its own auth scheme, headers and query, run against
 * a loopback gateway: each program must send what the app itself sends for the same call (same
 * method, path and query, the key in the same header, the same extra headers, no Authorization
 * where the app sends none). docs/architecture.md, "View code".
 */
const run = promisify(execFile);
const KEY = 'sk-code-peer-key-0123456789';
const SECRET = 'pk-secret-canary-7a6b5c4d3e';
/** Python with the openai and requests packages, when this machine has one (else only compiled). */
const PYTHON = process.env.VIEW_CODE_PYTHON ?? 'python3';
const works = (tool: string, args: string[]) => {
  try {
    execFileSync(tool, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Node code is written inside the project so that `import 'openai'` finds its package. */
const scratch = mkdtempSync(join(resolve('.'), '.view-code-'));
let peer: Awaited<ReturnType<typeof codePeer>>;
beforeAll(async () => {
  peer = await codePeer();
});
afterAll(async () => {
  await peer.close();
  rmSync(scratch, { recursive: true, force: true });
});

const forms: {
  name: string;
  input: (origin: string) => ProfileInput;
  sent: Record<string, string | undefined>;
}[] = [
  {
    name: 'Azure: the key in api-key, api-version in the base URL, an extra query parameter',
    input: (o) => ({
      name: 'Azure',
      kind: 'openai-compatible',
      host: `${o}/openai/deployments/gpt4o?api-version=2024-10-21`,
      auth: { scheme: 'header', header: 'api-key' },
      query: [{ name: 'trace', value: 'on' }],
    }),
    sent: { authorization: undefined, 'api-key': KEY },
  },
  {
    name: 'Portkey: Bearer, a plain header and a secret one',
    input: (o) => ({
      name: 'Portkey',
      kind: 'openai-compatible',
      host: `${o}/portkey/v1`,
      headers: [
        { name: 'x-portkey-provider', value: 'openai' },
        { name: 'x-portkey-api-key', value: SECRET, secret: true },
      ],
    }),
    sent: { authorization: `Bearer ${KEY}`, 'x-portkey-provider': 'openai', 'x-portkey-api-key': SECRET },
  },
  {
    name: 'a local server: no key, an extra query parameter',
    input: (o) => ({
      name: 'Local',
      kind: 'openai-compatible',
      host: `${o}/local/v1`,
      auth: { scheme: 'none' },
      query: [{ name: 'tenant', value: 'team-a' }],
    }),
    sent: { authorization: undefined, 'api-key': undefined },
  },
];

/** What must match between the app's request and the code's. */
const HEADERS = ['authorization', 'api-key', 'x-portkey-provider', 'x-portkey-api-key'];
const signature = (s: Seen) => ({
  method: s.method,
  url: s.url,
  ...Object.fromEntries(HEADERS.map((h) => [h, s.headers[h]])),
});

const messages = [{ role: 'user' as const, content: 'hi' }];
const judge = {
  model: 'judge-1.13.0',
  state: 'The customer asked for a refund.',
  questions: { refund: { type: 'noul', instructions: 'Asks for a refund' } },
};
/** The bodies the code sends; the app is called with the same ones. */
const BODIES: Record<CodeKind, Record<string, unknown>> = {
  chat: { model: 'peer-model', messages },
  embeddings: { model: 'peer-model', input: ['one'], encoding_format: 'float' },
  images: { model: 'peer-model', prompt: 'a lighthouse', n: 1, response_format: 'b64_json' },
  speech: { model: 'peer-model', input: 'Hello.', voice: 'alloy', response_format: 'wav' },
  video: { ...buildVideoRequest({ ...defaultVideoForm(), prompt: 'waves' }) },
  judge,
  http: {},
};
const KINDS = Object.keys(BODIES) as CodeKind[];

/** The app's own call of each kind, through main's client and endpoint helpers. */
const APP: Record<CodeKind, (c: GatewayClient, t: GatewayTarget) => Promise<unknown>> = {
  chat: (c, t) => completeChat(c, t, { model: 'peer-model', messages }),
  embeddings: (c, t) =>
    createEmbeddings(c, t, { model: 'peer-model', input: ['one'], encoding_format: 'float' }),
  images: (c, t) =>
    generateImages(c, t, { model: 'peer-model', prompt: 'a lighthouse', n: 1, response_format: 'b64_json' }),
  speech: (c, t) =>
    createSpeech(c, t, { model: 'peer-model', input: 'Hello.', voice: 'alloy', response_format: 'wav' }),
  video: async (c, t) => {
    await createVideoTask(c, t, buildVideoRequest({ ...defaultVideoForm(), prompt: 'waves' }));
    await getVideoTask(c, t, 't1');
  },
  judge: (c, t) => postJudge(c, t, judge),
  http: (c, t) => listModels(c, t),
};

/** The profile saved as the user would, its key stored, and what the window gets of it. */
async function saveProfile(input: ProfileInput) {
  const keys = new KeyScrubber();
  const vault = new KeyVault(null, new MemoryKeyValueStore(), (k) => keys.add(k));
  const sandbox = { origin: async () => peer.origin, current: () => peer.origin };
  const profiles = new ProfileService(new MemoryKeyValueStore(), vault, sandbox);
  const log = new RequestLog(Date.now, (t) => keys.scrubFragments(t));
  const client = new GatewayClient({ fetch: (u, i) => fetch(u, i), log, scrubber: keys });
  const saved = await profiles.saveWithSecrets({ ...input, allowPlainHttpKey: true });
  await vault.set(saved.id, KEY);
  const view = profiles.list().profiles.find((p) => p.id === saved.id)!;
  return { client, log, target: await profiles.target(saved.id), code: codeProfileOf(view) };
}

async function runCode(language: CodeLanguage | 'typescript', code: string): Promise<string> {
  const env = { ...process.env, GATEWAY_API_KEY: KEY, GATEWAY_HEADER_X_PORTKEY_API_KEY: SECRET };
  const opts = { cwd: scratch, env, timeout: 30_000 };
  if (language === 'curl') return (await run('bash', ['-euo', 'pipefail', '-c', code], opts)).stdout;
  const file = join(scratch, { node: 'code.mjs', typescript: 'code.mts', python: 'code.py' }[language]);
  writeFileSync(file, code);
  if (language === 'python') return (await run(PYTHON, [file], opts)).stdout;
  const flags = language === 'typescript' ? ['--experimental-strip-types', '--no-warnings'] : [];
  return (await run(process.execPath, [...flags, file], opts)).stdout;
}

/** Why a language cannot run here (a bare machine may lack curl, jq or Python's packages), or undefined. */
function missing(language: CodeLanguage | 'typescript', kind: CodeKind): string | undefined {
  if (language === 'curl' && !works('curl', ['--version'])) return 'curl is not installed';
  if (language === 'curl' && kind === 'video' && !works('jq', ['--version'])) return 'jq is not installed';
  if (language === 'python' && !works(PYTHON, ['-c', 'import openai, requests']))
    return `${PYTHON} cannot import openai and requests`;
  return undefined;
}

describe.each(forms)('View code for $name, run against a loopback gateway', (form) => {
  let profile: Awaited<ReturnType<typeof saveProfile>>;
  let code: CodeProfile;
  const app = {} as Record<CodeKind, ReturnType<typeof signature>[]>;

  beforeAll(async () => {
    profile = await saveProfile(form.input(peer.origin));
    code = profile.code;
    for (const kind of KINDS) {
      peer.seen.length = 0;
      await APP[kind](profile.client, profile.target);
      app[kind] = peer.seen.map(signature);
    }
  });

  const request = (kind: CodeKind) => ({
    ...code,
    kind,
    body: BODIES[kind],
    // A logged call is shown again at the address it was called at (log-view-code.ts).
    ...(kind === 'http'
      ? { http: { method: 'GET', path: `${peer.origin}${app.http[0].url}`, auth: true, withBody: false } }
      : {}),
  });

  it('the app itself sends the key, headers and query the profile says', () => {
    for (const kind of KINDS) for (const s of app[kind]) expect(s).toMatchObject(form.sent);
  });

  it('never writes the key or the secret header’s value into any code', () => {
    expect(JSON.stringify(code)).not.toContain(SECRET);
    for (const kind of KINDS)
      for (const language of ['curl', 'python', 'node'] as const) {
        const text = generateCode(request(kind), language);
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(KEY);
      }
  });

  describe.each(['node', 'curl', 'python'] as const)('%s', (language) => {
    it.each(KINDS)('%s: sends what the app sends', async (kind) => {
      const why = missing(language, kind);
      if (why) {
        console.warn(`skipped running the ${language} code: ${why} here`);
        if (language === 'python' && works(PYTHON, ['--version'])) {
          writeFileSync(join(scratch, 'compile.py'), generateCode(request(kind), 'python'));
          await run(PYTHON, ['-m', 'py_compile', join(scratch, 'compile.py')], { timeout: 30_000 });
        }
        return;
      }
      peer.seen.length = 0;
      await runCode(language, generateCode(request(kind), language));
      expect(peer.seen.map(signature)).toEqual(app[kind]);
      for (const s of peer.seen) expect(signature(s)).toMatchObject(form.sent);
    });
  });

  it.each(['typescript', 'python', 'curl'] as SetCodeLanguage[])(
    'the question set as %s sends what the app’s judge call sends',
    async (language) => {
      const why = missing(language, 'judge');
      if (why) {
        console.warn(`skipped running the ${language} set code: ${why} here`);
        return;
      }
      const text = setCode(
        { ...code, setName: 'Refunds', questions: [], tuning: undefined, model: 'judge-1.13.0' },
        language,
      );
      expect(text).not.toContain(SECRET);
      peer.seen.length = 0;
      await runCode(language, text);
      expect(peer.seen.map(signature)).toEqual(app.judge);
    },
  );
});
