import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from './external-links';

describe('isSafeExternalUrl', () => {
  it.each([
    ['https://docs.example.com/page', true],
    ['http://example.com', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['gatehouse-media://media/x.png', false],
    ['HTTPS://EXAMPLE.COM', true],
    ['not a url', false],
  ])('%s -> %s', (url, expected) => {
    expect(isSafeExternalUrl(url)).toBe(expected);
  });
});
