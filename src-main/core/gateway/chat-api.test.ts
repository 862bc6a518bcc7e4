import { afterEach, describe, expect, it } from 'vitest';
import { streamChat, usageFrom } from './chat-api';
import { GatewayClient } from './gateway-client';
import { loopbackServer } from './loopback-server.test-helper';
import { RequestLog } from './request-log';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function sse(write: (res: import('node:http').ServerResponse) => void | Promise<void>) {
  const s = await loopbackServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    void write(res);
  });
  servers.push(s);
  return s;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };

function client() {
  const log = new RequestLog();
  return { log, client: new GatewayClient({ fetch: (u, i) => fetch(u, i), log }) };
}

describe('streamChat', () => {
  it('reassembles a multi-byte character split across TCP writes', async () => {
    const bytes = Buffer.from(chunk('café 你好 🎉'));
    const s = await sse(async (res) => {
      // Split inside the 4-byte emoji and inside a CJK character.
      const cut1 = bytes.indexOf(Buffer.from('你')) + 1;
      const cut2 = bytes.indexOf(Buffer.from('🎉')) + 2;
      res.write(bytes.subarray(0, cut1));
      await new Promise((r) => setTimeout(r, 20));
      res.write(bytes.subarray(cut1, cut2));
      await new Promise((r) => setTimeout(r, 20));
      res.write(bytes.subarray(cut2));
      res.end('data: [DONE]\n\n');
    });
    const out = await streamChat(
      client().client,
      { host: s.host, judgeSegment: 'partner', apiKey: 'sk-x' },
      request,
      () => {},
    );
    expect(out.error).toBeUndefined();
    expect(out.text).toBe('café 你好 🎉');
  });

  it('handles CRLF line endings and comment / keep-alive lines', async () => {
    const s = await sse((res) => {
      res.write(': keep-alive\r\n\r\n');
      res.write(chunk('one ').replace(/\n/g, '\r\n'));
      res.write(':ping\r\n\r\n');
      res.write(chunk('two').replace(/\n/g, '\r\n'));
      res.end('data: [DONE]\r\n\r\n');
    });
    const deltas: string[] = [];
    const out = await streamChat(client().client, { host: s.host, judgeSegment: 'p' }, request, (d) =>
      deltas.push(d),
    );
    expect(out.text).toBe('one two');
    expect(deltas).toEqual(['one ', 'two']);
    expect(out.error).toBeUndefined();
  });

  it('turns an error object mid-stream into a failure and keeps the text before it', async () => {
    const s = await sse((res) => {
      res.write(chunk('partial '));
      res.write(
        `data: ${JSON.stringify({ error: { message: 'upstream overloaded', type: 'server_error' } })}\n\n`,
      );
      res.write(chunk('never shown'));
      res.end();
    });
    const out = await streamChat(client().client, { host: s.host, judgeSegment: 'p' }, request, () => {});
    expect(out.text).toBe('partial ');
    // The vendor's type says what failed, so the code follows it.
    expect(out.error?.code).toBe('server_error');
    expect(out.error?.status).toBeUndefined();
    expect(out.error?.gatewayMessage).toBe('upstream overloaded');
  });

  it('reports a stream that ends without [DONE] or a finish reason as cut, keeping the text', async () => {
    const s = await sse((res) => {
      res.write(chunk('half a rep'));
      setTimeout(() => res.destroy(), 30);
    });
    const out = await streamChat(client().client, { host: s.host, judgeSegment: 'p' }, request, () => {});
    expect(out.text).toBe('half a rep');
    // The gateway was reached: a cut stream is not a network failure to reach it.
    expect(out.error?.code).toBe('stream_error');
    expect(out.error?.message).toBe('The connection closed before the reply was finished.');
  });

  it('stops on abort, keeps the partial text and marks it aborted', async () => {
    const s = await sse((res) => {
      let n = 0;
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        res.write(chunk(`t${n++} `));
      }, 10);
      res.on('close', () => clearInterval(timer));
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const out = await streamChat(
      client().client,
      { host: s.host, judgeSegment: 'p' },
      request,
      (d) => {
        seen.push(d);
        if (seen.length === 3) controller.abort();
      },
      { signal: controller.signal },
    );
    expect(out.error?.code).toBe('aborted');
    expect(out.text.startsWith('t0 t1 t2 ')).toBe(true);
  });

  it('reads usage, finish reason and timings; asks for usage in the stream', async () => {
    let sentBody = '';
    const s = await loopbackServer((_req, res, body) => {
      sentBody = body;
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(chunk('a'));
      res.write(chunk('b'));
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
      res.write(
        `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
    servers.push(s);
    const out = await streamChat(client().client, { host: s.host, judgeSegment: 'p' }, request, () => {});
    expect(JSON.parse(sentBody)).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      model: 'm',
    });
    expect(out.usage).toEqual({ prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 });
    expect(out.finishReason).toBe('stop');
    expect(out.timings.firstTokenMs).toBeGreaterThanOrEqual(0);
    expect(out.deltaCount).toBe(2);
  });

  it('returns an HTTP failure before the stream as an error with no text', async () => {
    const s = await loopbackServer((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Incorrect API key provided.' } }));
    });
    servers.push(s);
    const out = await streamChat(
      client().client,
      { host: s.host, judgeSegment: 'p', apiKey: 'sk-bad' },
      request,
      () => {},
    );
    expect(out.text).toBe('');
    expect(out.error?.code).toBe('unauthorized');
    expect(out.error?.message).toBe('The key was refused — check it in Settings.');
    expect(out.error?.gatewayMessage).toBe('Incorrect API key provided.');
  });
});

describe('usageFrom', () => {
  it('reads OpenAI and Responses-style token counts, and the cost when a gateway reports one', () => {
    expect(usageFrom({ prompt_tokens: 3, completion_tokens: 5, total_tokens: 8, cost: 0.00012 })).toEqual({
      prompt_tokens: 3,
      completion_tokens: 5,
      total_tokens: 8,
      cost: 0.00012,
    });
    expect(usageFrom({ input_tokens: 2, output_tokens: 4 })).toMatchObject({
      prompt_tokens: 2,
      completion_tokens: 4,
    });
    expect(usageFrom({ cost: 'free' })).toBeUndefined();
  });
});
