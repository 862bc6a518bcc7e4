import { afterAll, beforeAll } from 'vitest';
import { chatBehaviours } from '../../test-support/wild-gateway/chat-behaviours';
import { startWildGateway, type WildGateway } from '../../test-support/wild-gateway/server';
import { streamChat } from './chat-api';
import { GatewayClient } from './gateway-client';
import { RequestLog } from './request-log';

/**
 * The wild gateway for one test file (started before its tests, closed after), and `ask`, which
 * streams "What is 6 × 7?" to one of its models and keeps the deltas and the thinking as they came.
 */
export function wildChat() {
  let gw: WildGateway;
  beforeAll(async () => {
    gw = await startWildGateway(chatBehaviours);
  });
  afterAll(() => gw.close());
  const target = () => ({ host: gw.origin, judgeSegment: 'partner', apiKey: 'sk-wild' });
  const client = () => new GatewayClient({ fetch: (u, i) => fetch(u, i), log: new RequestLog() });
  async function ask(model: string) {
    const deltas: string[] = [];
    const thoughts: string[] = [];
    const out = await streamChat(
      client(),
      target(),
      { model, messages: [{ role: 'user', content: 'What is 6 × 7?' }] },
      (t) => deltas.push(t),
      { onReasoning: (t) => thoughts.push(t) },
    );
    return { out, deltas, thoughts };
  }
  return { ask, target, client, gateway: () => gw };
}
