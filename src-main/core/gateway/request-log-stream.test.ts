import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { streamChat } from './chat-api';
import { GatewayClient } from './gateway-client';
import { loopbackServer } from './loopback-server.test-helper';
import { LogStreamAssembler } from './log-stream-assembler';
import { RequestLog } from './request-log';
import { KeyScrubber } from '../security/key-scrubber';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const KEY = 'sk-log-stream-test-0123456789';
const delta = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));

/** A chat call through the real client and request log, answered by a scripted SSE peer. */
async function streamed(write: (res: ServerResponse) => Promise<void>, signal?: AbortSignal) {
  const s = await loopbackServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'X-Request-Id': 'req-42' });
    void write(res).catch(() => undefined);
  });
  servers.push(s);
  const keys = new KeyScrubber();
  keys.add(KEY);
  const log = new RequestLog(Date.now, (t) => keys.scrubFragments(t));
  const client = new GatewayClient({ fetch: (u, i) => fetch(u, i), log, scrubber: keys });
  const outcome = await streamChat(
    client,
    { host: s.host, judgeSegment: 'p', apiKey: KEY },
    request,
    () => {},
    {
      signal,
    },
  );
  const [entry] = log.list();
  return { entry, outcome };
}

describe('the request log marking how a stream ended', () => {
  it('keeps a finished stream as done, with its reply assembled and its response headers', async () => {
    const { entry } = await streamed(async (res) => {
      res.write(delta('Hello'));
      res.write(delta(' there'));
      res.end(`${delta('', 'stop')}data: [DONE]\n\n`);
    });
    expect(entry).toMatchObject({ state: 'done', status: 200 });
    expect(entry.error).toBeUndefined();
    expect(entry.stream).toMatchObject({ text: 'Hello there', finishReason: 'stop', sawDone: true });
    expect(entry.responseHeaders).toMatchObject({ 'x-request-id': 'req-42' });
  });

  it('marks a stream the user stopped as stopped, keeping what arrived', async () => {
    const stop = new AbortController();
    const { entry, outcome } = await streamed(async (res) => {
      res.write(delta('First words'));
      await tick(50);
      stop.abort();
      await tick(200);
      res.end();
    }, stop.signal);
    expect(outcome.error?.code).toBe('aborted');
    expect(entry).toMatchObject({ state: 'stopped', status: 200, error: 'Stopped.' });
    expect(entry.stream?.text).toBe('First words');
  });

  it('marks a dropped connection as cut', async () => {
    const { entry } = await streamed(async (res) => {
      res.write(delta('Half of'));
      await tick();
      res.destroy();
    });
    expect(entry.state).toBe('cut');
    expect(entry.error).toMatch(/cut before the reply finished/);
    expect(entry.stream?.text).toBe('Half of');
  });

  it('marks a stream that closed without [DONE] or a finish reason as cut', async () => {
    const { entry, outcome } = await streamed(async (res) => {
      res.end(delta('Ends too soon'));
    });
    expect(outcome.error?.code).toBe('stream_error');
    expect(entry).toMatchObject({ state: 'cut', status: 200 });
    expect(entry.error).toMatch(/without \[DONE\] or a finish reason/);
    expect(entry.stream).toMatchObject({ text: 'Ends too soon', sawDone: false });
  });

  it('takes a finish reason without [DONE] as a whole reply', async () => {
    const { entry } = await streamed(async (res) => {
      res.end(delta('All of it', 'stop'));
    });
    expect(entry.state).toBe('done');
  });

  it('never keeps a key a model spelled over several deltas', async () => {
    const { entry } = await streamed(async (res) => {
      res.write(delta(`key: ${KEY.slice(0, 14)}`));
      res.end(`${delta(`${KEY.slice(14)} end`, 'stop')}data: [DONE]\n\n`);
    });
    expect(JSON.stringify(entry)).not.toContain(KEY.slice(3, 15));
    expect(entry.stream?.text).toMatch(/^key: .*removed.* end$/);
  });
});

const sse = (body: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof body === 'string' ? body : JSON.stringify(body)}\n\n`;
const choice = (index: number, d: Record<string, unknown>, finish: string | null = null) =>
  sse({ choices: [{ index, delta: d, finish_reason: finish }] });

const crlf = Buffer.from(choice(0, { content: 'café 你好' }).replaceAll('\n', '\r\n'));
/** Streams chopped exactly as given (so the log sees the same chunks however it reads them). */
const SCRIPTS: Record<string, (string | Uint8Array)[]> = {
  'reasoning, think tags, tool calls, two choices, usage and an event after [DONE]': [
    `: keep-alive\n\n${choice(0, { role: 'assistant', content: '' })}${choice(0, { reasoning_content: 'Think ' })}`,
    `${choice(0, { content: '<think>more</think>Hel' })}${choice(1, { content: 'Other ' })}${choice(0, { content: 'lo' })}`.slice(
      0,
      57,
    ),
    `${choice(0, { content: '<think>more</think>Hel' })}${choice(1, { content: 'Other ' })}${choice(0, { content: 'lo' })}`.slice(
      57,
    ),
    choice(0, { tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a":' } }] }),
    choice(0, { tool_calls: [{ index: 0, function: { arguments: '1}' } }], refusal: 'no' }, 'tool_calls'),
    `${choice(1, { content: [{ type: 'text', text: 'parts' }] }, 'stop')}${sse({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 5 } })}`,
    `data: [DONE]\n\n${choice(0, { content: 'after done' })}`,
  ],
  'an error event that is not JSON, then more events in the same chunk': [
    choice(0, { content: 'Partly ' }),
    `${sse('upstream fell over', 'error')}${choice(0, { content: 'ignored by the chat' })}data: [DONE]\n\n`,
  ],
  'an error envelope inside the stream': [
    choice(0, { content: 'Partly ' }),
    `${sse({ error: { message: 'quota exceeded', type: 'insufficient_quota' } })}${choice(0, { content: 'x' })}`,
  ],
  'a chunk that is not JSON': [
    choice(0, { content: 'Before ' }),
    `data: {not json\n\n${choice(0, { content: 'after' })}`,
  ],
  'no [DONE], a finish reason, CRLF lines and split UTF-8': [
    crlf.subarray(0, 40),
    crlf.subarray(40),
    choice(0, {}, 'length'),
  ],
};

describe('the request log reading the chat parser’s events', () => {
  for (const [name, script] of Object.entries(SCRIPTS)) {
    it(`shows what it shows when it parses the bytes itself: ${name}`, async () => {
      const chunks = script.map((c) => (typeof c === 'string' ? Buffer.from(c) : c));
      const fetchScripted = async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const c of chunks) controller.enqueue(new Uint8Array(c));
              controller.close();
            },
          }),
          { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
        );
      const keys = new KeyScrubber();
      keys.add(KEY);
      const scrub = (t: string) => keys.scrubFragments(t);
      const log = new RequestLog(Date.now, scrub);
      const client = new GatewayClient({ fetch: fetchScripted, log, scrubber: keys });
      await streamChat(client, { host: 'http://gw.test', judgeSegment: 'p', apiKey: KEY }, request, () => {});
      const [entry] = log.list();

      // The same bytes fed to an assembler of its own, as the log read every stream before.
      const own = new LogStreamAssembler();
      for (const c of chunks) own.feed(c);
      expect(entry.stream).toEqual(own.summary(scrub));
      if (own.errorMessage) expect(entry.error).toBe(own.errorMessage);
    });
  }
});
