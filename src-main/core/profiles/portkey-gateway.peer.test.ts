import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileInput } from '../../../src-shared/profiles/profile';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import { startSandbox, type SandboxServer } from '../../sandbox/server';
import { startPortkey, type PortkeyGateway } from '../../test-support/portkey-gateway';
import { completeChat, streamChat, type ChatRequest } from '../gateway/chat-api';
import { createEmbeddings } from '../gateway/embeddings-api';
import { GatewayClient } from '../gateway/gateway-client';
import type { GatewayError } from '../gateway/gateway-error';
import { decodeBase64Image, downloadImage, generateImages } from '../gateway/images-api';
import { listModels } from '../gateway/models-api';
import { RequestLog, toCurl } from '../gateway/request-log';
import { createSpeech } from '../gateway/speech-api';
import { createVideoTask, downloadVideo, getVideoTask, videoContainer } from '../gateway/video-api';
import { KeyScrubber } from '../security/key-scrubber';
import { MemoryKeyValueStore } from '../storage/key-value-store';
import { KeyVault } from '../vault/key-vault';
import { ProfileService } from './profile-service';

/**
 * Gatehouse's own client through a real gateway nobody on the project wrote: the open-source
 * Portkey gateway from npm, in front of the Sandbox, both on loopback (docs/architecture.md,
 * "Testing against peers"). Portkey is told where to forward by the profile's extra headers, the
 * way its users set it up; every answer below is the Sandbox's, carried by Portkey, and compared
 * with the same call made to the Sandbox directly.
 */
const KEY = 'sk-portkey-peer-0123456789';

let sandbox: SandboxServer;
let portkey: PortkeyGateway;
let dir: string;

beforeAll(async () => {
  // The Sandbox accepts this key only: a call that reaches it with anything else is refused.
  [sandbox, portkey] = await Promise.all([
    startSandbox({ tokenDelayMs: 1, videoPaceMs: 20, acceptedKeys: [KEY] }),
    startPortkey(),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'gh-portkey-'));
}, 20_000);

afterAll(async () => {
  await Promise.all([portkey?.close(), sandbox?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A profile as a self-hosted Portkey's users write it: which provider, and where that provider lives. */
function portkeyProfile(overrides: Partial<ProfileInput> = {}): ProfileInput {
  return {
    name: 'Portkey',
    kind: 'openai-compatible',
    host: `${portkey.origin}/v1`,
    headers: [
      { name: 'x-portkey-provider', value: 'openai' },
      { name: 'x-portkey-custom-host', value: `${sandbox.origin}/v1` },
    ],
    ...overrides,
  };
}

async function setup(input: ProfileInput = portkeyProfile(), key = KEY) {
  const keys = new KeyScrubber();
  const vault = new KeyVault(null, new MemoryKeyValueStore(), (k) => keys.add(k));
  const host = { origin: async () => sandbox.origin, current: () => sandbox.origin };
  const profiles = new ProfileService(new MemoryKeyValueStore(), vault, host);
  const log = new RequestLog(Date.now, (t) => keys.scrubFragments(t));
  const client = new GatewayClient({ fetch: (u, i) => fetch(u, i), log, scrubber: keys });
  const saved = await profiles.saveWithSecrets({ ...input, allowPlainHttpKey: true });
  await vault.set(saved.id, key);
  const direct = await profiles.saveWithSecrets({
    name: 'Sandbox directly',
    kind: 'openai-compatible',
    host: sandbox.baseUrl,
    allowPlainHttpKey: true,
  });
  await vault.set(direct.id, KEY);
  return {
    client,
    log,
    target: await profiles.target(saved.id),
    direct: await profiles.target(direct.id),
  };
}

const CHAT: ChatRequest = {
  model: 'sandbox-chat-1',
  messages: [{ role: 'user', content: 'Say something about gateways.' }],
  temperature: 0.5,
};

/** Each call went to Portkey's address, and its answer carries both Portkey's and the Sandbox's marks. */
function expectThroughPortkey(log: RequestLog, paths: string[]) {
  const entries = log.list();
  expect(entries.map((e) => `${e.method} ${e.url}`)).toEqual(
    paths.map((p) => `${p.split(' ')[0]} ${portkey.origin}/v1/${p.split(' ')[1]}`),
  );
  for (const e of entries) {
    expect(e.requestHeaders).toMatchObject({
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': `${sandbox.origin}/v1`,
    });
    expect(e.responseHeaders).toMatchObject({ 'x-portkey-provider': 'openai', 'x-sandbox-gateway': '1' });
  }
}

describe('Gatehouse through the Portkey gateway to the Sandbox', () => {
  it('streams a chat reply in pieces, with the Sandbox’s text and usage', async () => {
    const { client, log, target, direct } = await setup();
    const expected = await completeChat(client, direct, CHAT);
    log.clear();
    const pieces: string[] = [];
    const reply = await streamChat(client, target, CHAT, (t) => pieces.push(t));
    expect(reply.error).toBeUndefined();
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(reply.text);
    expect(reply.text).toBe(expected.text);
    expect(reply.finishReason).toBe(expected.finishReason);
    expect(reply.model).toBe('sandbox-chat-1');
    expect(reply.usage?.completion_tokens).toBe(expected.usage?.completion_tokens);
    expectThroughPortkey(log, ['POST chat/completions']);
    expect(log.list()[0].stream).toMatchObject({ text: reply.text, sawDone: true });
  });

  it('lists the Sandbox’s models', async () => {
    const { client, log, target, direct } = await setup();
    const expected = await listModels(client, direct);
    log.clear();
    const models = await listModels(client, target);
    expect(models.map((m) => m.id)).toEqual(expected.map((m) => m.id));
    expect(models.map((m) => m.id)).toContain('sandbox-embed-1');
    expectThroughPortkey(log, ['GET models']);
  });

  it('makes embeddings, as floats and as base64', async () => {
    const { client, log, target, direct } = await setup();
    const request = { model: 'sandbox-embed-1', input: ['first text', 'second text'] };
    const expected = await createEmbeddings(client, direct, request);
    log.clear();
    const floats = await createEmbeddings(client, target, request);
    const packed = await createEmbeddings(client, target, { ...request, encoding_format: 'base64' });
    expect(floats.vectors).toHaveLength(2);
    expect(floats.vectors[0].length).toBeGreaterThan(0);
    expect(floats.vectors).toEqual(expected.vectors);
    expect(packed.vectors).toEqual(expected.vectors);
    expectThroughPortkey(log, ['POST embeddings', 'POST embeddings']);
  });

  it('generates an image as base64, and as a link Gatehouse fetches from the Sandbox without the key', async () => {
    const { client, log, target, direct } = await setup();
    const request = { model: 'sandbox-image-1', prompt: 'a lighthouse', size: '256x256' };
    const [expected] = await generateImages(client, direct, { ...request, response_format: 'b64_json' });
    log.clear();
    const [inline] = await generateImages(client, target, { ...request, response_format: 'b64_json' });
    const [linked] = await generateImages(client, target, request);
    expectThroughPortkey(log, ['POST images/generations', 'POST images/generations']);
    const png = decodeBase64Image(inline.b64!);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(Buffer.from(png)).toEqual(Buffer.from(decodeBase64Image(expected.b64!)));
    // Portkey passes the body on as it came: the link is the Sandbox's own, on its own port.
    expect(new URL(linked.url!).origin).toBe(sandbox.origin);
    expect(Buffer.from(await downloadImage(client, target, linked.url!))).toEqual(Buffer.from(png));
    const fetched = log.list().at(-1)!;
    expect(fetched.url).toBe(linked.url);
    expect(fetched.requestHeaders.Authorization).toBeUndefined();
  });

  it('speaks: the Sandbox’s WAV bytes, byte for byte', async () => {
    const { client, log, target, direct } = await setup();
    const request = { model: 'sandbox-tts-1', input: 'Hello from behind Portkey.', voice: 'alloy' };
    const expected = await createSpeech(client, direct, request);
    log.clear();
    const speech = await createSpeech(client, target, request);
    expect(speech.contentType).toBe('audio/wav');
    expect(Buffer.from(speech.bytes.subarray(0, 4)).toString('latin1')).toBe('RIFF');
    expect(Buffer.from(speech.bytes)).toEqual(Buffer.from(expected.bytes));
    expectThroughPortkey(log, ['POST audio/speech']);
  });

  it('runs a video task: created and polled through Portkey, the video fetched from the Sandbox', async () => {
    const { client, log, target } = await setup();
    const request = buildVideoRequest({ ...defaultVideoForm(), prompt: 'a boat at dawn' });
    const task = await createVideoTask(client, target, request);
    expect(task.taskId).toMatch(/^task-/);
    // Portkey has no route of its own for video: its catch-all forwards the POST and the GETs as they are.
    let polled = await getVideoTask(client, target, task.taskId!);
    for (let i = 0; i < 100 && polled.parsed.state !== 'succeeded' && polled.parsed.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      polled = await getVideoTask(client, target, task.taskId!);
    }
    expect(polled.parsed).toMatchObject({ taskId: task.taskId, state: 'succeeded' });
    const calls = log.list();
    expectThroughPortkey(log, [
      'POST video/generations',
      ...calls.slice(1).map(() => `GET video/generations/${task.taskId}`),
    ]);
    const videoUrl = polled.parsed.videoUrl!;
    expect(new URL(videoUrl).origin).toBe(sandbox.origin);
    const file = join(dir, 'boat.mp4');
    await downloadVideo(client, target, videoUrl, file);
    expect(videoContainer(readFileSync(file))).toBe('mp4');
    expect(log.list().at(-1)!.requestHeaders.Authorization).toBeUndefined();
  });
});

describe('what the user sees when Portkey or the Sandbox refuses', () => {
  it('without x-portkey-provider Portkey answers 400, and the error shows its own sentence', async () => {
    const { client, target } = await setup(
      portkeyProfile({ headers: [{ name: 'x-portkey-custom-host', value: `${sandbox.origin}/v1` }] }),
    );
    const sentence = 'Either x-portkey-config or x-portkey-provider header is required';
    // What crosses to the window: it words a bad_request as "rejected the request: <the gateway's words>".
    const shown = { code: 'bad_request', status: 400, details: { gatewayMessage: sentence } };
    const failure = (await listModels(client, target).catch((e: unknown) => e)) as GatewayError;
    expect(failure.toAppError()).toMatchObject(shown);
    expect(failure.message).toContain(sentence);
    const reply = await streamChat(client, target, CHAT, () => {});
    expect(reply.text).toBe('');
    expect(reply.error?.toAppError()).toMatchObject(shown);
    expect(reply.error?.message).toContain(sentence);
  });

  it('the key reaches the Sandbox: another key is refused there, in the Sandbox’s words', async () => {
    const { client, target } = await setup(portkeyProfile(), 'sk-not-the-sandbox-key-42');
    const failure = (await listModels(client, target).catch((e: unknown) => e)) as GatewayError;
    expect(failure.toAppError()).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(failure.gatewayMessage).toContain('Incorrect API key provided.');
  });

  it('never writes the key into the request log, its HAR or curl', async () => {
    const { client, log, target } = await setup();
    await listModels(client, target);
    await streamChat(client, target, CHAT, () => {});
    await createEmbeddings(client, target, { model: 'sandbox-embed-1', input: ['x'] });
    const entries = log.list();
    expect(entries).toHaveLength(3);
    for (const e of entries) expect(e.requestHeaders.Authorization).toBe(`Bearer sk-…${KEY.slice(-4)}`);
    const everything = JSON.stringify([entries, log.toHar('test'), entries.map((e) => toCurl(e))]);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(KEY.slice(3, 20));
  });
});

describe('the Portkey process', () => {
  // Last in the file, so it sees every call above.
  it('listened on 127.0.0.1 only, and tried to reach nothing but loopback', () => {
    expect(portkey.boundAddress).toBe('127.0.0.1');
    expect(portkey.outbound, portkey.output()).toEqual([]);
  });
});
