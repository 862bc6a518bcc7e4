import { describe, expect, it } from 'vitest';
import { parseResetDuration, retryWaitFrom } from './gateway-error';

const h = (o: Record<string, string>) => new Headers(o);

describe('how long a rate-limited client waits', () => {
  it('reads reset durations as limits write them', () => {
    expect(parseResetDuration('1s')).toBe(1000);
    expect(parseResetDuration('6m0s')).toBe(360_000);
    expect(parseResetDuration('20ms')).toBe(20);
    expect(parseResetDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseResetDuration('2.5')).toBe(2500);
    expect(parseResetDuration('soon')).toBeUndefined();
    expect(parseResetDuration(null)).toBeUndefined();
  });

  it('prefers retry-after-ms, then retry-after, then the reset headers', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(retryWaitFrom(h({ 'retry-after-ms': '1500', 'retry-after': '7' }), now)).toBe(1500);
    expect(retryWaitFrom(h({ 'retry-after': '7', 'x-ratelimit-reset-requests': '1m' }), now)).toBe(7000);
    expect(
      retryWaitFrom(h({ 'x-ratelimit-reset-requests': '6m0s', 'x-ratelimit-reset-tokens': '20ms' }), now),
    ).toBe(360_000);
    expect(retryWaitFrom(h({}), now)).toBeUndefined();
  });

  it('waits for the limit that ran out when the remaining headers say which', () => {
    const headers = h({
      'x-ratelimit-remaining-requests': '42',
      'x-ratelimit-reset-requests': '6m0s',
      'x-ratelimit-remaining-tokens': '0',
      'x-ratelimit-reset-tokens': '20ms',
    });
    expect(retryWaitFrom(headers, 0)).toBe(20);
  });
});
