import { describe, expect, it } from 'vitest';
import { RequestLog, toCurl } from './request-log';

const bodyOf = (curl: string) => {
  const m = /--data-raw '([\s\S]*)'$/.exec(curl);
  return m ? m[1].replace(/'\\''/g, "'") : undefined;
};

function logged(log: RequestLog, body: string) {
  const ticket = log.begin(
    'POST',
    'https://gw.example/v1/chat/completions',
    { Authorization: 'Bearer sk-x-1234' },
    body,
  );
  return ticket.entry.id;
}

describe('Copy as curl', () => {
  it('carries a body over 4 KB whole, so the command still parses', () => {
    const log = new RequestLog();
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: "it's ".repeat(3000) }] });
    const id = logged(log, body);
    expect(log.get(id)!.requestBody!.length).toBe(4096);
    const curl = toCurl(log.get(id)!, log.fullBody(id));
    expect(JSON.parse(bodyOf(curl)!)).toEqual(JSON.parse(body));
    expect(curl).not.toMatch(/^#/);
    expect(curl).toContain('$GATEWAY_API_KEY');
  });

  it('says so above the command when a body over the cap was cut', () => {
    const log = new RequestLog();
    const body = JSON.stringify({ input: 'x'.repeat(2 * 1024 * 1024) });
    const id = logged(log, body);
    const curl = toCurl(log.get(id)!, log.fullBody(id));
    expect(curl).toMatch(/^# The request body was 2,097,\d{3} bytes; only the first 1,048,576 are kept here/);
    expect(bodyOf(curl)!.length).toBe(1024 * 1024);
  });

  it('drops the oldest whole bodies past the memory budget, and their curl says it is cut', () => {
    const log = new RequestLog();
    const ids = Array.from({ length: 20 }, () =>
      logged(log, JSON.stringify({ input: 'y'.repeat(1024 * 1024) })),
    );
    expect(log.fullBody(ids[0])).toBeUndefined();
    expect(log.fullBody(ids[19])).toBeDefined();
    expect(toCurl(log.get(ids[0])!, log.fullBody(ids[0]))).toMatch(/^# The request body was/);
    log.clear();
    expect(log.fullBody(ids[19])).toBeUndefined();
  });

  it('writes the key as the profile sends it: a bare key in Authorization gets no Bearer', () => {
    const log = new RequestLog();
    const ticket = log.begin(
      'GET',
      'https://gw.example/v1/models',
      { Authorization: 'sk-raw-key-1234' },
      undefined,
      { keyHeader: 'Authorization' },
    );
    const curl = toCurl(log.get(ticket.entry.id)!);
    expect(curl).toContain('"Authorization: $GATEWAY_API_KEY"');
    expect(curl).not.toContain('Bearer');
    expect(curl).not.toContain('sk-raw-key');
  });
});
