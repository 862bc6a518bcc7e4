import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, APP_ORIGIN, originOf } from './app-origin';

describe('originOf', () => {
  it('gives the app scheme the scheme://host origin Chromium gives a standard scheme', () => {
    expect(APP_ORIGIN).toBe('gatehouse-app://app');
    expect(originOf(APP_ENTRY_URL)).toBe(APP_ORIGIN);
    expect(originOf('gatehouse-app://app/assets/x.js?y#z')).toBe(APP_ORIGIN);
    expect(originOf('gatehouse-app://other/index.html')).toBe('gatehouse-app://other');
  });

  it('keeps http(s) origins and refuses URLs without one', () => {
    expect(originOf('http://localhost:5173/src/index.html')).toBe('http://localhost:5173');
    expect(originOf('https://example.com/a')).toBe('https://example.com');
    expect(originOf('file:///opt/gatehouse/index.html')).toBeUndefined();
    expect(originOf('data:text/html,hi')).toBeUndefined();
    expect(originOf('about:blank')).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
    expect(originOf('')).toBeUndefined();
  });
});
