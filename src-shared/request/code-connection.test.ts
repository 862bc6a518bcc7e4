import { describe, expect, it } from 'vitest';
import { codeProfileOf, envComment, sdkBase, secretHeaderVariable, sentHeaders } from './code-connection';

describe('what generated code sends for a profile', () => {
  it('names the variable of a secret header from its name', () => {
    expect(secretHeaderVariable('x-portkey-api-key')).toBe('GATEWAY_HEADER_X_PORTKEY_API_KEY');
    expect(secretHeaderVariable('X-Api.Token')).toBe('GATEWAY_HEADER_X_API_TOKEN');
  });

  it('sends the key in the profile’s scheme, after the extra headers', () => {
    const headers = [
      { name: 'x-plain', value: 'one' },
      { name: 'x-hidden', secret: true },
    ];
    expect(sentHeaders({ headers })).toEqual([
      { name: 'x-plain', text: 'one' },
      { name: 'x-hidden', env: 'GATEWAY_HEADER_X_HIDDEN', prefix: '', about: "the x-hidden header's value" },
      { name: 'Authorization', env: 'GATEWAY_API_KEY', prefix: 'Bearer ', about: 'the gateway key' },
    ]);
    expect(sentHeaders({ auth: { scheme: 'header', header: 'api-key' } }).map((h) => h.name)).toEqual([
      'api-key',
    ]);
    expect(sentHeaders({ auth: { scheme: 'none' }, headers })).toHaveLength(2);
    // A call made without the key (a result link) still carries the extra headers, as in main.
    expect(sentHeaders({ headers }, false).map((h) => h.name)).toEqual(['x-plain', 'x-hidden']);
  });

  it('lets the key win over an extra header of the same name, as main’s client does', () => {
    const sent = sentHeaders({
      auth: { scheme: 'header', header: 'api-key' },
      headers: [{ name: 'API-Key', value: 'typed' }],
    });
    expect(sent).toEqual([{ name: 'api-key', env: 'GATEWAY_API_KEY', prefix: '', about: 'the gateway key' }]);
  });

  it('writes a secret header’s name only, even when a value reached it', () => {
    const profile = codeProfileOf({
      host: 'https://gw.example',
      judgeSegment: 'partner',
      headers: [{ name: 'x-hidden', value: 'canary-value', secret: true }],
    });
    expect(JSON.stringify(profile)).not.toContain('canary-value');
    expect(sentHeaders(profile)[0]).toMatchObject({ env: 'GATEWAY_HEADER_X_HIDDEN' });
  });

  it('names every variable to set in one comment line, the key first', () => {
    const headers = sentHeaders({ headers: [{ name: 'x-hidden', secret: true }] });
    expect(envComment(headers, '#')).toEqual([
      "# Set in the environment first: GATEWAY_API_KEY (the gateway key), GATEWAY_HEADER_X_HIDDEN (the x-hidden header's value).",
    ]);
    expect(envComment(sentHeaders({ auth: { scheme: 'none' } }), '//')).toEqual([]);
  });

  it('gives the SDKs the base URL without its query, the query apart with the extra pairs after it', () => {
    expect(
      sdkBase('https://az.example/openai/deployments/d/?api-version=2024-10-21', {
        query: [{ name: 'trace', value: 'on' }],
      }),
    ).toEqual({
      baseUrl: 'https://az.example/openai/deployments/d',
      query: [
        ['api-version', '2024-10-21'],
        ['trace', 'on'],
      ],
    });
    expect(sdkBase('https://gw.example/v1', {})).toEqual({ baseUrl: 'https://gw.example/v1', query: [] });
  });
});
