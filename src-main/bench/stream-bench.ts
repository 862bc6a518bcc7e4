import OpenAI from 'openai';
import { streamReply } from '../core/chat/stream-reply';
import { GatewayClient } from '../core/gateway/gateway-client';
import { RequestLog } from '../core/gateway/request-log';
import { KeyScrubber } from '../core/security/key-scrubber';
import type { ChatStreamEvent } from '../../src-shared/chat/chat-events';
import type { LogEntry } from '../../src-shared/log/log-entry';
import { latestPerKey } from '../ipc/latest-per-key';

export interface StreamTiming {
  firstTokenMs: number;
  totalMs: number;
  chars: number;
}

export type StreamRunner = (origin: string) => Promise<StreamTiming>;

/** Shaped like a real key, so the scrubbers have a full-length key to look for. */
export const BENCH_KEY = 'sk-bench-0123456789abcdefghijklmnopqrstuvwxyzABCD';

const body = () => ({
  model: 'bench-chat',
  messages: [{ role: 'user' as const, content: 'Please write a long reply for the benchmark.' }],
});

/**
 * The app's own path with everything on, wired as `createServices` wires it: the gateway client
 * with the key scrubber and the request log (which scrubs key fragments and assembles the stream),
 * the reply caps, and `streamReply` as the chat calls it — reply collection, the reply scrubbed as
 * text, deltas batched for 16 ms to a sink. The key a vault holds besides the active one is there
 * too, since the app scrubs every key it knows.
 */
export const viaGatewayClient: StreamRunner = async (origin) => {
  const keys = new KeyScrubber();
  keys.add('sk-other-profile-key-9876543210zyxwvutsrqpon');
  const log = new RequestLog(Date.now, (text) => keys.scrubFragments(text));
  const logEvents = latestPerKey<LogEntry>(
    (e) => e.id,
    () => undefined,
    50,
  );
  log.onChange((entry) => logEvents.push(entry));
  const client = new GatewayClient({ fetch: (u, i) => fetch(u, i), log, scrubber: keys });
  const started = performance.now();
  let first = -1;
  let chars = 0;
  const sink = {
    signal: new AbortController().signal,
    emit(event: ChatStreamEvent) {
      if (event.type !== 'delta') return;
      if (first < 0) first = performance.now() - started;
      chars += event.text.length;
    },
    end: () => undefined,
  };
  const { outcome } = await streamReply(
    { client, scrubber: keys },
    { host: origin, judgeSegment: 'partner', apiKey: BENCH_KEY },
    { idleTimeoutMs: 120_000, replyDeadlineMs: 600_000 },
    body(),
    sink,
  );
  logEvents.flush();
  if (outcome.error) throw outcome.error;
  return { firstTokenMs: first, totalMs: performance.now() - started, chars };
};

/** The floor: fetch and a hand-rolled line split, no parsing library, no log. */
export const viaRawFetch: StreamRunner = async (origin) => {
  const started = performance.now();
  const res = await fetch(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${BENCH_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body(), stream: true }),
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
export const viaOpenAiClient: StreamRunner = async (origin) => {
  const client = new OpenAI({ apiKey: BENCH_KEY, baseURL: `${origin}/v1`, maxRetries: 0 });
  const started = performance.now();
  let first = -1;
  let chars = 0;
  const stream = await client.chat.completions.create({ ...body(), stream: true });
  for await (const chunk of stream) {
    const content = chunk.choices[0]?.delta?.content;
    if (content) {
      if (first < 0) first = performance.now() - started;
      chars += content.length;
    }
  }
  return { firstTokenMs: first, totalMs: performance.now() - started, chars };
};

export const RUNNERS = {
  app: viaGatewayClient,
  raw: viaRawFetch,
  openai: viaOpenAiClient,
} satisfies Record<string, StreamRunner>;

export type ClientName = keyof typeof RUNNERS;

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
