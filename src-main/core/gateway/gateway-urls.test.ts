import { describe, expect, it } from 'vitest';
import { apiUrl, judgeUrl, keyHint, normalizeHost } from './gateway-urls';

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
});
