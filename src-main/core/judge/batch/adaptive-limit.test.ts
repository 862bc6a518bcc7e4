import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from './adaptive-limit';

describe('AdaptiveLimit', () => {
  it('halves on a 429 and recovers one step after as many successes as the limit', () => {
    const l = new AdaptiveLimit(8);
    l.rateLimited(0, 10);
    expect(l.limit).toBe(4);
    for (let i = 0; i < 3; i++) l.succeeded();
    expect(l.limit).toBe(4);
    l.succeeded();
    expect(l.limit).toBe(5);
    for (let i = 0; i < 5; i++) l.succeeded();
    expect(l.limit).toBe(6);
    for (let i = 0; i < 100; i++) l.succeeded();
    expect(l.limit).toBe(8); // never above what was asked
  });

  it('counts a burst of 429s from requests already in flight once, and never goes below 1', () => {
    const l = new AdaptiveLimit(8);
    l.rateLimited(5, 10);
    l.rateLimited(6, 11); // sent before the cut at 10
    l.rateLimited(9, 12);
    expect(l.limit).toBe(4);
    l.rateLimited(20, 21);
    expect(l.limit).toBe(2);
    l.rateLimited(30, 31);
    l.rateLimited(40, 41);
    expect(l.limit).toBe(1);
  });
});
