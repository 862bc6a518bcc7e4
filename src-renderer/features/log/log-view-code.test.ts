import { describe, expect, it } from 'vitest';
import { generateCode } from '../../../src-shared/request/view-code';
import { logCode } from './log-view-code';

const auth = { Authorization: 'Bearer sk-…abcd', Accept: 'application/json' };
const chatBody = { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] };

describe('View code for a logged call', () => {
  it('gives a POST to a known endpoint its kind and the body sent', () => {
    const code = logCode(
      { method: 'POST', url: 'https://old.example/v1/chat/completions', requestHeaders: auth },
      JSON.stringify(chatBody),
    );
    expect(code).toEqual({ kind: 'chat', body: chatBody });
    expect(
      logCode(
        { method: 'POST', url: 'https://old.example/partner/v1/systemone', requestHeaders: auth },
        '{"model":"j"}',
      )?.kind,
    ).toBe('judge');
    expect(
      logCode(
        { method: 'POST', url: 'https://old.example/v1/video/generations', requestHeaders: auth },
        '{"model":"v"}',
      )?.kind,
    ).toBe('video');
  });

  it('makes any other call a plain request under the profile, with the same method and body', () => {
    const poll = logCode({
      method: 'GET',
      url: 'https://old.example/prefix/v1/video/generations/task-1?x=1',
      requestHeaders: auth,
    });
    expect(poll).toEqual({
      kind: 'http',
      body: {},
      http: { method: 'GET', path: '/v1/video/generations/task-1?x=1', auth: true, withBody: false },
    });
    const code = generateCode(
      {
        kind: poll!.kind,
        host: 'https://new.example/v1',
        judgeSegment: 'p',
        body: poll!.body,
        http: poll!.http,
      },
      'curl',
    );
    expect(code).toContain("curl -sS -X GET 'https://new.example/v1/video/generations/task-1?x=1'");
    expect(code).toContain('Bearer $GATEWAY_API_KEY');
    expect(code).not.toContain('-d ');
  });

  it('keeps a result file link as it was called, without the key', () => {
    const file = logCode({ method: 'GET', url: 'https://cdn.example/files/a.png?sig=1', requestHeaders: {} });
    expect(file?.http).toEqual({
      method: 'GET',
      path: 'https://cdn.example/files/a.png?sig=1',
      auth: false,
      withBody: false,
    });
    const node = generateCode(
      { kind: 'http', host: 'https://new.example', judgeSegment: 'p', body: {}, http: file!.http },
      'node',
    );
    expect(node).toContain('fetch("https://cdn.example/files/a.png?sig=1"');
    expect(node).not.toContain('GATEWAY_API_KEY');
  });

  it('counts the key as sent when it went in the profile’s own key header', () => {
    const models = logCode({
      method: 'GET',
      url: 'https://az.example/openai/deployments/d/models?api-version=1',
      requestHeaders: { 'api-key': 'sk-…abcd', Accept: 'application/json' },
      keyHeader: 'api-key',
    });
    expect(models?.http).toMatchObject({
      path: 'https://az.example/openai/deployments/d/models?api-version=1',
      auth: true,
    });
  });

  it('refuses a body that is not whole JSON', () => {
    expect(
      logCode(
        { method: 'POST', url: 'https://gw.example/v1/chat/completions', requestHeaders: auth },
        '{"model":"m","mess',
      ),
    ).toBeUndefined();
  });
});
