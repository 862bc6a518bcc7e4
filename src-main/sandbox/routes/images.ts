import { randomBytes } from 'node:crypto';
import { renderPromptPng } from '../image-picture';
import { imagesRequestSchema } from '../media-schemas';
import { requireModel } from '../model-catalog';
import type { SandboxRoute } from '../route-types';
import type { SandboxState } from '../state';
import { parseBody } from '../validate';

const STORE_KEY = 'images';
/** Served images are kept in memory; the oldest go first, as expiring gateway URLs would. */
const MAX_STORED = 64;

export function imageStore(state: SandboxState): Map<string, Buffer> {
  let store = state.store.get(STORE_KEY) as Map<string, Buffer> | undefined;
  if (!store) {
    store = new Map();
    state.store.set(STORE_KEY, store);
  }
  return store;
}

export const imagesRoute: SandboxRoute = {
  method: 'POST',
  path: '/v1/images/generations',
  async handle(ctx) {
    const body = parseBody(imagesRequestSchema, ctx.body);
    requireModel(body.model, 'image');
    const [width, height] = (body.size ?? '1024x1024').split('x').map(Number);
    const n = body.n ?? 1;
    const store = imageStore(ctx.state);
    const data = [];
    for (let i = 0; i < n; i++) {
      // Yield between images so one big request does not hold up the app's other calls.
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      if (ctx.signal.aborted) return;
      const png = renderPromptPng(
        body.prompt,
        width,
        height,
        ctx.seed('image', body.model, body.prompt, body.size ?? null, i),
      );
      if (body.response_format === 'b64_json') {
        data.push({ b64_json: png.toString('base64'), revised_prompt: body.prompt });
      } else {
        const id = `img-${randomBytes(8).toString('hex')}`;
        store.set(id, png);
        while (store.size > MAX_STORED) store.delete(store.keys().next().value as string);
        data.push({
          url: `http://${ctx.req.headers.host}/v1/files/images/${id}.png`,
          revised_prompt: body.prompt,
        });
      }
    }
    ctx.sendJson(200, { created: Math.floor(Date.now() / 1000), data });
  },
};

/** Stands in for a signed, expiring URL: no key needed, gone once evicted. */
export const imageFilesRoute: SandboxRoute = {
  method: 'GET',
  path: /\/v1\/files\/images\/(?<id>[A-Za-z0-9-]+)\.png/,
  public: true,
  handle(ctx) {
    const png = imageStore(ctx.state).get(ctx.params.id);
    if (!png) {
      ctx.sendError(
        404,
        `The image ${ctx.params.id} does not exist or has expired`,
        'invalid_request_error',
        'not_found',
      );
      return;
    }
    ctx.res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(png.length) });
    ctx.res.end(png);
  },
};
