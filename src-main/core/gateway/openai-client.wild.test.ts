import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatBehaviours } from '../../test-support/wild-gateway/chat-behaviours';
import { startWildGateway, type WildGateway } from '../../test-support/wild-gateway/server';
import { streamChat } from './chat-api';
import { GatewayClient } from './gateway-client';
import { RequestLog } from './request-log';

/**
 * The official `openai` client reads the wild gateway's reply shapes too; where it agrees with
 * ours, the shape is read as OpenAI's own client reads it, not as we imagined it.
 */
let gw: WildGateway;
let openai: OpenAI;
beforeAll(async () => {
  gw = await startWildGateway(chatBehaviours);
  openai = new OpenAI({ apiKey: 'sk-wild', baseURL: `${gw.origin}/v1`, maxRetries: 0 });
});
afterAll(() => gw.close());

const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'weather?' }];

async function theirs(model: string) {
  return openai.chat.completions.stream({ model, messages }).finalChatCompletion();
}

async function ours(model: string) {
  const client = new GatewayClient({ fetch: (u, i) => fetch(u, i), log: new RequestLog() });
  return streamChat(
    client,
    { host: gw.origin, judgeSegment: 'partner', apiKey: 'sk-wild' },
    { model, messages: [{ role: 'user', content: 'weather?' }] },
    () => {},
  );
}

describe('the official openai client and ours read the wild reply shapes alike', () => {
  it('keeps n = 2 choices apart by index', async () => {
    const [final, out] = await Promise.all([theirs('wild-n2'), ours('wild-n2')]);
    expect(final.choices.map((c) => c.message.content)).toEqual(['First version.', 'Second version.']);
    expect([out.text, ...(out.others ?? []).map((o) => o.text)]).toEqual(
      final.choices.map((c) => c.message.content),
    );
  });

  it('assembles the same tool calls from their fragments', async () => {
    const [final, out] = await Promise.all([theirs('wild-tools'), ours('wild-tools')]);
    const calls = (final.choices[0].message.tool_calls ?? []).flatMap((c) =>
      c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
    );
    expect(calls).toHaveLength(2);
    expect(out.toolCalls).toEqual(calls);
  });

  it('reads the same refusal', async () => {
    const [final, out] = await Promise.all([theirs('wild-refusal'), ours('wild-refusal')]);
    expect(final.choices[0].message.refusal).toBe("I'm sorry, I can't help with that.");
    expect(out.refusal).toBe(final.choices[0].message.refusal);
  });
});
