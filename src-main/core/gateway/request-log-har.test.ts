import { describe, expect, it } from 'vitest';
import { KeyScrubber } from '../security/key-scrubber';
import { RequestLog } from './request-log';

const KEY = 'sk-live-har-secret-0123456789abcdef';
const OTHER_KEY = 'sk-proj-someoneelse9876543210';

type Har = {
  log: {
    version: string;
    creator: { name: string; version: string };
    entries: {
      startedDateTime: string;
      time: number;
      request: {
        method: string;
        url: string;
        headers: { name: string; value: string }[];
        queryString: { name: string; value: string }[];
        postData?: { mimeType: string; text: string };
        bodySize: number;
      };
      response: {
        status: number;
        headers: { name: string; value: string }[];
        content: { size: number; mimeType: string; text?: string };
      };
      timings: { send: number; wait: number; receive: number };
      comment?: string;
      _state: string;
      _assembledReply?: { text: string };
    }[];
  };
};

function sessionLog() {
  let now = 1_700_000_000_000;
  const keys = new KeyScrubber();
  keys.add(KEY);
  const log = new RequestLog(
    () => now,
    (t) => keys.scrubFragments(t),
  );
  const auth = { Authorization: `Bearer ${KEY}`, 'x-api-key': KEY, Accept: 'text/event-stream' };

  // A finished chat stream whose body is over the 4 KB the entry keeps.
  const body = JSON.stringify({
    model: 'm',
    stream: true,
    messages: [{ role: 'user', content: 'a'.repeat(6000) }],
  });
  const chat = log.begin('POST', 'https://gw.example/v1/chat/completions', auth, body);
  now += 120;
  chat.headers(200, 'text/event-stream', 'req-1', [
    ['content-type', 'text/event-stream'],
    ['set-cookie', 'session=abc'],
    ['x-request-id', 'req-1'],
  ]);
  now += 30;
  chat.chunk(
    Buffer.from(
      `data: {"choices":[{"delta":{"content":"Hi, your key is ${KEY} and ${OTHER_KEY}"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`,
    ),
  );
  chat.finish();

  // A stopped one, and a GET with a query that never got an answer.
  const stopped = log.begin('POST', 'https://gw.example/v1/chat/completions', auth, '{"stream":true}');
  now += 50;
  stopped.headers(200, 'text/event-stream');
  stopped.chunk(Buffer.from('data: {"choices":[{"delta":{"content":"Half"}}]}\n\n'));
  now += 10;
  stopped.stop('Stopped.');
  const refused = log.begin('GET', 'https://gw.example/v1/models?limit=5', auth);
  now += 5;
  refused.fail('The gateway could not be reached.');
  return { log, body };
}

describe('the request log as HAR 1.2', () => {
  it('holds every call with its headers, bodies, timings and status', () => {
    const { log, body } = sessionLog();
    const har = JSON.parse(log.toHar('1.2.3')) as Har;
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'Gatehouse', version: '1.2.3' });
    const [chat, stopped, refused] = har.log.entries;
    expect(har.log.entries).toHaveLength(3);

    expect(chat.startedDateTime).toBe(new Date(1_700_000_000_000).toISOString());
    expect(chat.request.method).toBe('POST');
    // The whole body, not the 4 KB preview.
    expect(chat.request.postData).toEqual({ mimeType: 'application/json', text: body });
    expect(chat.request.bodySize).toBe(Buffer.byteLength(body));
    expect(chat.response.status).toBe(200);
    expect(chat.response.content.mimeType).toBe('text/event-stream');
    expect(chat.response.content.text).toContain('data: [DONE]');
    expect(chat.response.headers).toContainEqual({ name: 'x-request-id', value: 'req-1' });
    expect(chat.timings).toMatchObject({ send: 0, wait: 120, receive: 30 });
    expect(chat.time).toBe(150);
    expect(chat._state).toBe('done');
    expect(chat._assembledReply?.text).toMatch(/^Hi, your key is /);

    expect(stopped._state).toBe('stopped');
    expect(stopped.comment).toMatch(/Stopped by the user/);
    expect(stopped._assembledReply?.text).toBe('Half');

    expect(refused.response.status).toBe(0);
    expect(refused.request.queryString).toEqual([{ name: 'limit', value: '5' }]);
    expect(refused.request.postData).toBeUndefined();
    expect(refused.comment).toContain('could not be reached');
  });

  it('never carries a key: credential headers are redacted, and so is anything shaped like one', () => {
    const { log } = sessionLog();
    const text = log.toHar('1.0.0');
    expect(text).not.toMatch(/sk-[A-Za-z0-9]/);
    expect(text).not.toContain(KEY.slice(-12));
    expect(text).not.toContain(OTHER_KEY.slice(-12));
    expect(text).not.toContain('session=abc');
    const har = JSON.parse(text) as Har;
    for (const entry of har.log.entries) {
      const headers = Object.fromEntries(entry.request.headers.map((h) => [h.name.toLowerCase(), h.value]));
      expect(headers.authorization).toBe('Bearer [redacted]');
      expect(headers['x-api-key']).toBe('[redacted]');
      expect(headers.accept).toBe('text/event-stream');
    }
  });
});
