import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileInput } from '../../../src-shared/profiles/profile';
import { completeChat } from '../gateway/chat-api';
import { GatewayClient } from '../gateway/gateway-client';
import { listModels } from '../gateway/models-api';
import { RequestLog, toCurl } from '../gateway/request-log';
import { KeyScrubber } from '../security/key-scrubber';
import { MemoryKeyValueStore } from '../storage/key-value-store';
import { KeyVault } from '../vault/key-vault';
import { ProfileService } from './profile-service';

/**
 * Profiles for the address forms real services use, each calling a loopback server that answers
 * only at the exact path, with the exact query and headers, that service expects.
 */
interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

const KEY = 'sk-peer-key-0123456789';
const PORTKEY_SECRET = 'pk-secret-canary-9f8e7d6c5b4a';

let server: Server;
let origin: string;
const seen: Seen[] = [];

/** Each service: where it lives, and what a request must carry there. */
const expectations: { prefix: string; check(s: Seen): string | undefined }[] = [
  {
    prefix: '/v1beta/openai/',
    check: (s) => (s.headers.authorization === `Bearer ${KEY}` ? undefined : 'bearer'),
  },
  { prefix: '/api/v3/', check: (s) => (s.headers.authorization === `Bearer ${KEY}` ? undefined : 'bearer') },
  {
    prefix: '/openai/deployments/gpt4o/',
    check: (s) =>
      !s.path.includes('?api-version=2024-10-21')
        ? 'api-version'
        : s.headers['api-key'] !== KEY
          ? 'api-key'
          : s.headers.authorization !== undefined
            ? 'authorization must not be sent'
            : undefined,
  },
  {
    prefix: '/portkey/v1/',
    check: (s) =>
      s.headers['x-portkey-provider'] !== 'openai'
        ? 'x-portkey-provider'
        : s.headers['x-portkey-api-key'] !== PORTKEY_SECRET
          ? 'x-portkey-api-key'
          : s.headers.authorization !== `Bearer ${KEY}`
            ? 'bearer'
            : undefined,
  },
];

beforeAll(async () => {
  server = createServer((req, res) => {
    const s = { method: req.method ?? '', path: req.url ?? '', headers: req.headers };
    seen.push(s);
    const service = expectations.find((e) => s.path.startsWith(e.prefix));
    const problem = service ? service.check(s) : 'no service at this path';
    if (problem) {
      res.writeHead(problem === 'no service at this path' ? 404 : 400, {
        'Content-Type': 'application/json',
      });
      res.end(JSON.stringify({ error: { message: `peer refused: ${problem}` } }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (s.path.includes('/models')) res.end(JSON.stringify({ object: 'list', data: [{ id: 'peer-model' }] }));
    else
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: `hello from ${service!.prefix}` } }],
        }),
      );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function setup() {
  const keys = new KeyScrubber();
  const vault = new KeyVault(null, new MemoryKeyValueStore(), (k) => keys.add(k));
  const sandbox = { origin: async () => origin, current: () => origin };
  const profiles = new ProfileService(new MemoryKeyValueStore(), vault, sandbox);
  const log = new RequestLog(Date.now, (t) => keys.scrubFragments(t));
  const client = new GatewayClient({ fetch: (u, i) => fetch(u, i), log, scrubber: keys });
  return { profiles, vault, log, client };
}

const forms: { name: string; input: (o: string) => ProfileInput; prefix: string }[] = [
  {
    name: "Gemini's compatibility address",
    input: (o) => ({ name: 'Gemini', kind: 'openai-compatible', host: `${o}/v1beta/openai/` }),
    prefix: '/v1beta/openai/',
  },
  {
    name: 'Volcengine Ark',
    input: (o) => ({ name: 'Ark', kind: 'openai-compatible', host: `${o}/api/v3` }),
    prefix: '/api/v3/',
  },
  {
    name: 'Azure with api-version and api-key',
    input: (o) => ({
      name: 'Azure',
      kind: 'openai-compatible',
      host: `${o}/openai/deployments/gpt4o?api-version=2024-10-21`,
      auth: { scheme: 'header', header: 'api-key' },
    }),
    prefix: '/openai/deployments/gpt4o/',
  },
  {
    name: 'Portkey with its headers (one of them secret)',
    input: (o) => ({
      name: 'Portkey',
      kind: 'openai-compatible',
      host: `${o}/portkey/v1`,
      headers: [
        { name: 'x-portkey-provider', value: 'openai' },
        { name: 'x-portkey-api-key', value: PORTKEY_SECRET, secret: true },
      ],
    }),
    prefix: '/portkey/v1/',
  },
];

describe('a profile for each address form reaches the service at its own path, query and headers', () => {
  it.each(forms)('$name', async (form) => {
    const { profiles, vault, client } = setup();
    const saved = await profiles.saveWithSecrets({ ...form.input(origin), allowPlainHttpKey: true });
    await vault.set(saved.id, KEY);
    const target = await profiles.target(saved.id);
    seen.length = 0;
    expect((await listModels(client, target)).map((m) => m.id)).toEqual(['peer-model']);
    const reply = await completeChat(client, target, {
      model: 'peer-model',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(reply.text).toBe(`hello from ${form.prefix}`);
    expect(seen.map((s) => `${s.method} ${s.path.split('?')[0]}`)).toEqual([
      `GET ${form.prefix}models`,
      `POST ${form.prefix}chat/completions`,
    ]);
  });

  it('keeps a secret header value out of the profile, the log, its HAR and curl, and shows only a hint', async () => {
    const { profiles, vault, client, log } = setup();
    const saved = await profiles.saveWithSecrets({ ...forms[3].input(origin), allowPlainHttpKey: true });
    await vault.set(saved.id, KEY);
    expect(JSON.stringify(profiles.list())).not.toContain(PORTKEY_SECRET);
    expect(profiles.list().profiles.find((p) => p.id === saved.id)?.headers).toContainEqual({
      name: 'x-portkey-api-key',
      secret: true,
      hint: `…${PORTKEY_SECRET.slice(-4)}`,
    });
    await listModels(client, await profiles.target(saved.id));
    const entries = log.list();
    const everything = JSON.stringify([entries, log.toHar('test'), entries.map((e) => toCurl(e))]);
    expect(everything).not.toContain(PORTKEY_SECRET);
    expect(everything).not.toContain(KEY);
    expect(toCurl(entries[0])).toContain('"x-portkey-api-key: $GATEWAY_HEADER_X_PORTKEY_API_KEY"');
    expect(toCurl(entries[0])).toContain("'x-portkey-provider: openai'");
  });

  it('a saved secret header keeps its value when the profile is saved again without it, and loses it when moved to another host', async () => {
    const { profiles, vault } = setup();
    const input = { ...forms[3].input(origin), allowPlainHttpKey: true };
    const saved = await profiles.saveWithSecrets(input);
    await vault.set(saved.id, KEY);
    const again = {
      ...input,
      id: saved.id,
      headers: [
        { name: 'x-portkey-provider', value: 'openai' },
        { name: 'x-portkey-api-key', secret: true },
      ],
    };
    await profiles.saveWithSecrets(again);
    expect((await profiles.target(saved.id)).headers?.['x-portkey-api-key']).toBe(PORTKEY_SECRET);
    await profiles.saveWithSecrets({ ...again, host: 'http://127.0.0.2:9/portkey/v1' });
    await expect(profiles.target(saved.id)).rejects.toMatchObject({
      error: {
        message: expect.stringMatching(/^headers: "x-portkey-api-key" is a secret header with no value/),
      },
    });
  });
});
