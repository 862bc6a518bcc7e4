import { describe, expect, it } from 'vitest';
import { apiUrl, judgeUrl, keyHint, normalizeHost, targetFor } from './gateway-urls';

describe('gateway urls', () => {
  it.each([
    'https://g.example.com',
    'https://g.example.com/',
    'https://g.example.com/v1',
    'https://g.example.com/v1/',
    ' https://g.example.com// ',
  ])('normalizes %j to the bare host', (input) => {
    expect(normalizeHost(input)).toBe('https://g.example.com');
  });

  it('builds /v1 paths and the judge path on the same host', () => {
    const t = { host: 'https://g.example.com/v1/', judgeSegment: 'acme' };
    expect(apiUrl(t, '/chat/completions')).toBe('https://g.example.com/v1/chat/completions');
    expect(judgeUrl(t)).toBe('https://g.example.com/acme/v1/systemone');
    expect(judgeUrl({ host: 'http://h:1', judgeSegment: '' })).toBe('http://h:1/partner/v1/systemone');
  });

  it('hints a key by its last four characters only', () => {
    expect(keyHint('sk-abcdefgh1234')).toBe('sk-…1234');
  });

  it('fetches an address with the profile’s key and headers only on the origin of its base URL', () => {
    const t = {
      host: 'https://gw.example',
      judgeSegment: 'p',
      baseUrl: 'https://gw.example/api/v3?api-version=1',
      apiKey: 'sk-own',
      auth: { scheme: 'header', header: 'x-goog-api-key' } as const,
      headers: { 'X-Team': 'blue' },
      secretHeaders: ['X-Team'],
      query: [{ name: 'a', value: 'b' }],
      network: { proxy: { mode: 'url' as const, url: 'http://proxy.corp:3128' } },
    };
    expect(targetFor(t, 'https://gw.example/v1beta/files/x:download?alt=media')).toBe(t);
    for (const other of [
      'https://cdn.example/v.mp4',
      'http://gw.example/v.mp4',
      'https://gw.example:8443/v.mp4',
      'https://gw.example.evil.test/v.mp4',
      'not a url',
    ]) {
      expect(targetFor(t, other), other).toEqual({
        host: 'https://gw.example',
        judgeSegment: 'p',
        baseUrl: 'https://gw.example/api/v3?api-version=1',
        // The company proxy still carries it: only the key and headers stay behind.
        network: { proxy: { mode: 'url', url: 'http://proxy.corp:3128' } },
      });
    }
    // A profile saved with only its host calls `{host}/v1`: that host is its origin.
    expect(
      targetFor({ host: 'http://127.0.0.1:8080', judgeSegment: 'p', apiKey: 'k' }, 'http://127.0.0.1:8080/f'),
    ).toMatchObject({ apiKey: 'k' });
  });
});
