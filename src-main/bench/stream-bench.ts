import OpenAI from 'openai';
import { streamChat } from '../core/gateway/chat-api';
import { GatewayClient } from '../core/gateway/gateway-client';
import { RequestLog } from '../core/gateway/request-log';

export interface StreamTiming {
  firstTokenMs: number;
  totalMs: number;
  chars: number;
}

export type StreamRunner = (origin: string, prompt: string) => Promise<StreamTiming>;

const body = (prompt: string) => ({
  model: 'sandbox-chat-1',
  messages: [{ role: 'user' as const, content: prompt }],
});

/** The app's own path: GatewayClient + eventsource-parser, with the request log on, as in the app. */
export const viaGatewayClient: StreamRunner = async (origin, prompt) => {
  const client = new GatewayClient({ fetch: (u, i) => fetch(u, i), log: new RequestLog() });
  const started = performance.now();
  let first = -1;
  const out = await streamChat(
    client,
    { host: origin, judgeSegment: 'partner', apiKey: 'sk-bench' },
    body(prompt),
    () => {
      if (first < 0) first = performance.now() - started;
    },
  );
  if (out.error) throw out.error;
  return { firstTokenMs: first, totalMs: performance.now() - started, chars: out.text.length };
};

/** The floor: fetch and a hand-rolled line split, no parsing library, no log. */
export const viaRawFetch: StreamRunner = async (origin, prompt) => {
  const started = performance.now();
  const res = await fetch(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk-bench', 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body(prompt), stream: true }),
  });
  const decoder = new TextDecoder();
  let buffered = '';
  let first = -1;
  let chars = 0;
  for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(bytes, { stream: true });
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (!line.startsWith('data:') || line === 'data: [DONE]') continue;
      const content = JSON.parse(line.slice(5)).choices?.[0]?.delta?.content;
      if (content) {
        if (first < 0) first = performance.now() - started;
        chars += content.length;
      }
    }
  }
  return { firstTokenMs: first, totalMs: performance.now() - started, chars };
};

/** The official client, as a developer would write it against the gateway. */
export const viaOpenAiClient: StreamRunner = async (origin, prompt) => {
  const client = new OpenAI({ apiKey: 'sk-bench', baseURL: `${origin}/v1`, maxRetries: 0 });
  const started = performance.now();
  let first = -1;
  let chars = 0;
  const stream = await client.chat.completions.create({ ...body(prompt), stream: true });
  for await (const chunk of stream) {
    const content = chunk.choices[0]?.delta?.content;
    if (content) {
      if (first < 0) first = performance.now() - started;
      chars += content.length;
    }
  }
  return { firstTokenMs: first, totalMs: performance.now() - started, chars };
};

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
