import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClipPath } from './routes/video-files';
import { startSandbox, type SandboxServer } from './server';
import { KEY, post } from './test-helpers';

const PACE = 80;
let sb: SandboxServer;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, videoPaceMs: PACE });
});
afterAll(() => sb.close());

const body = (extra: Record<string, unknown> = {}) => ({
  model: 'vidmodel-2-0-fast-260128',
  content: [{ type: 'text', text: 'a lighthouse at dusk' }],
  ...extra,
});
const get = (path: string, headers: Record<string, string> = { Authorization: `Bearer ${KEY}` }) =>
  fetch(`${sb.baseUrl}${path}`, { headers });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('POST /v1/video/generations validation', () => {
  it.each([
    [{ duration: 4 }, 'duration', /duration must be a whole number of seconds from 5 to 30/],
    [{ duration: 31 }, 'duration', /from 5 to 30/],
    [{ ratio: '2:1' }, 'ratio', /ratio must be one of 16:9/],
    [{ resolution: '4k' }, 'resolution', /resolution must be one of 480p, 720p, 1080p/],
    [{ generate_audio: 'yes' }, 'generate_audio', /generate_audio must be true or false/],
    [{ content: [] }, 'content', /content is required and must be a non-empty array/],
    [{ content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }] }, 'content', /text item/],
    [
      {
        content: [
          { type: 'text', text: 'x' },
          { type: 'image_url', image_url: {} },
        ],
      },
      'content[1].image_url.url',
      /image address/,
    ],
    [{ model: undefined }, 'model', /model is required/],
  ])('rejects %j with a 400 naming %s', async (patch, param, message) => {
    const res = await post(sb.baseUrl, '/video/generations', body(patch));
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { message: string; param: string } };
    expect(json.error.param).toBe(param);
    expect(json.error.message).toMatch(message);
  });

  it('answers 404 for an unknown or non-video model', async () => {
    for (const model of ['vidmodel-9', 'sandbox-chat-1']) {
      const res = await post(sb.baseUrl, '/video/generations', body({ model }));
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('model_not_found');
    }
  });

  it('needs a key', async () => {
    const res = await fetch(`${sb.baseUrl}/video/generations`, {
      method: 'POST',
      body: JSON.stringify(body()),
    });
    expect(res.status).toBe(401);
  });
});

describe('video task lifecycle', () => {
  it('moves queued -> running (with progress) -> succeeded, with a real clip at the result URL', async () => {
    // A slower pace of its own: each state lasts long enough to be seen on a busy machine too.
    const slow = await startSandbox({ port: 0, videoPaceMs: 400 });
    try {
      await lifecycle(slow);
    } finally {
      await slow.close();
    }
  });

  async function lifecycle(sb: SandboxServer) {
    const get = (path: string) =>
      fetch(`${sb.baseUrl}${path}`, { headers: { Authorization: `Bearer ${KEY}` } });
    const created = await post(
      sb.baseUrl,
      '/video/generations',
      body({ duration: 5, resolution: '480p', ratio: '1:1' }),
    );
    expect(created.status).toBe(200);
    const task = (await created.json()) as { id: string; task_id: string; status: string };
    expect(task.id).toMatch(/^task-/);
    expect(task.task_id).toBe(task.id);
    expect(task.status).toBe('queued');

    const seen = new Set<string>();
    let last: Record<string, unknown> = {};
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const res = await get(`/video/generations/${task.id}`);
      expect(res.status).toBe(200);
      last = (await res.json()) as Record<string, unknown>;
      seen.add(String(last.status));
      if (last.status === 'running') {
        expect(last.progress).toBeGreaterThanOrEqual(0);
        expect(last.progress).toBeLessThanOrEqual(100);
      }
      if (last.status === 'succeeded') break;
      await sleep(15);
    }
    expect([...seen]).toEqual(['queued', 'running', 'succeeded']);
    expect(last).toMatchObject({ id: task.id, task_id: task.id, model: 'vidmodel-2-0-fast-260128' });
    expect(typeof last.created_at).toBe('number');
    expect(typeof last.updated_at).toBe('number');
    const url = (last.content as { video_url: string }).video_url;
    expect(url).toBe(`${sb.origin}/v1/files/videos/${task.id}.mp4`);

    // No key: it stands in for a signed link. The bytes are the sample clip.
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.equals(readFileSync(defaultClipPath()))).toBe(true);
    expect(bytes.subarray(4, 8).toString()).toBe('ftyp');

    const part = await fetch(url, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  }

  it('ends failed with an error message when the prompt says "fail"', async () => {
    const created = await post(
      sb.baseUrl,
      '/video/generations',
      body({ content: [{ type: 'text', text: 'please fail' }] }),
    );
    const { id } = (await created.json()) as { id: string };
    await sleep(PACE * 2 + 40);
    const last = (await (await get(`/video/generations/${id}`)).json()) as Record<string, unknown>;
    expect(last.status).toBe('failed');
    expect((last.error as { message: string }).message).toMatch(/fail/);
    expect(last.content).toBeUndefined();
    expect((await fetch(`${sb.origin}/v1/files/videos/${id}.mp4`)).status).toBe(404);
  });

  it('404s unknown ids, and a restarted Sandbox still knows its own tasks', async () => {
    const res = await get('/video/generations/task-nope');
    expect(res.status).toBe(404);
    const forged = await get('/video/generations/task-abc_1_0_0_00000000_000000000000');
    expect(forged.status).toBe(404);

    const created = await post(sb.baseUrl, '/video/generations', body());
    const { id } = (await created.json()) as { id: string };
    const other = await startSandbox({ port: 0, videoPaceMs: PACE });
    try {
      const again = await fetch(`${other.baseUrl}/video/generations/${id}`, {
        headers: { Authorization: `Bearer ${KEY}` },
      });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { id: string }).id).toBe(id);
    } finally {
      await other.close();
    }
  });
});
