import { afterEach, describe, expect, it } from 'vitest';
import { sendJson, startWildGateway, type WildGateway } from './server';

let gw: WildGateway | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

describe('wild gateway server', () => {
  it('routes by method and path, records requests, and answers 404 elsewhere', async () => {
    gw = await startWildGateway([
      {
        method: 'POST',
        path: /\/v1\/things\/(?<id>[^/]+)/,
        handle: (req, res, params) => sendJson(res, { id: params.id, got: req.json }),
      },
    ]);
    const ok = await fetch(`${gw.origin}/v1/things/t-1`, { method: 'POST', body: '{"a":1}' });
    expect(await ok.json()).toEqual({ id: 't-1', got: { a: 1 } });
    const missing = await fetch(`${gw.origin}/v1/things/t-1`);
    expect(missing.status).toBe(404);
    expect(gw.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/things/t-1',
      'GET /v1/things/t-1',
    ]);
  });
});
