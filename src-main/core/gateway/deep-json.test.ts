import { afterEach, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../../src-shared/json-depth';
import { createEmbeddings } from './embeddings-api';
import { GatewayClient } from './gateway-client';
import { GatewayError } from './gateway-error';
import { listModels } from './models-api';
import { loopbackServer } from './loopback-server.test-helper';
import { RequestLog } from './request-log';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A gateway on loopback whose every JSON reply is `body`. */
async function gatewayAnswering(body: string) {
  const s = await loopbackServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(body);
  });
  servers.push(s);
  const client = new GatewayClient({
    fetch: (u, i) => fetch(u, i),
    log: new RequestLog(),
    sleep: async () => {},
  });
  return { client, target: { host: `${s.host}/v1`, judgeSegment: 'p' } };
}

const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('a gateway reply nested too deeply', () => {
  it('says how deep is too deep, not "Maximum call stack size exceeded"', async () => {
    // 200,000 levels: 400 KB, well inside the reply caps; String() or JSON.stringify of it overflow.
    const { client, target } = await gatewayAnswering(deepArray(200_000));
    const err = await createEmbeddings(client, target, { model: 'e', input: ['a'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).code).toBe('bad_response');
    expect((err as GatewayError).message).toBe(
      `The gateway sent JSON nested deeper than ${MAX_JSON_DEPTH} levels, which Gatehouse does not read; check the gateway (the raw reply is in the request log).`,
    );
    expect((err as GatewayError).toAppError().details).toMatchObject({ limitDepth: MAX_JSON_DEPTH });
  });

  it('refuses it inside an otherwise usable reply too, and reads one at the limit', async () => {
    const inside = await gatewayAnswering(`{"data":[{"id":"m1"}],"x":${deepArray(MAX_JSON_DEPTH)}}`);
    const err = await listModels(inside.client, inside.target).catch((e: unknown) => e);
    expect((err as GatewayError).toAppError().details).toMatchObject({ limitDepth: MAX_JSON_DEPTH });
    // The reply's object is one level around `x`: 99 levels of arrays in it is exactly the limit.
    const atLimit = await gatewayAnswering(`{"data":[{"id":"m1"}],"x":${deepArray(MAX_JSON_DEPTH - 1)}}`);
    expect((await listModels(atLimit.client, atLimit.target)).map((m) => m.id)).toEqual(['m1']);
  });
});
