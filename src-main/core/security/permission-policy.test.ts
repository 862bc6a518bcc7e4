import { describe, expect, it } from 'vitest';
import { isPermissionGranted } from './permission-policy';

const APP = ['gatehouse-app://app'];
const ask = (permission: string, requestingUrl = 'gatehouse-app://app/index.html', isMainFrame = true) => ({
  permission,
  requestingUrl,
  isMainFrame,
});

describe('isPermissionGranted', () => {
  it('lets the app window write to the clipboard and go full screen', () => {
    expect(isPermissionGranted(ask('clipboard-sanitized-write'), APP)).toBe(true);
    expect(isPermissionGranted(ask('fullscreen'), APP)).toBe(true);
    // The permission check handler passes an origin rather than a page URL.
    expect(isPermissionGranted(ask('clipboard-sanitized-write', 'gatehouse-app://app'), APP)).toBe(true);
  });

  it('denies every other permission, even to the app window', () => {
    for (const p of [
      'clipboard-read',
      'deprecated-sync-clipboard-read',
      'media',
      'notifications',
      'geolocation',
      'openExternal',
      'display-capture',
      'pointerLock',
      'unknown',
      '',
    ]) {
      expect(isPermissionGranted(ask(p), APP), p).toBe(false);
    }
  });

  it('denies sub-frames and any other origin', () => {
    expect(isPermissionGranted(ask('clipboard-sanitized-write', undefined, false), APP)).toBe(false);
    for (const url of [
      'https://evil.example/',
      'file:///opt/gatehouse/out/renderer/index.html',
      'gatehouse-app://evil/index.html',
      'gatehouse-media://media/a.png',
      'http://localhost:5173/',
      '',
    ]) {
      expect(isPermissionGranted(ask('clipboard-sanitized-write', url), APP), url).toBe(false);
    }
  });

  it('follows the origins it is given (the dev server in npm run dev)', () => {
    const dev = ['http://localhost:5173'];
    expect(isPermissionGranted(ask('fullscreen', 'http://localhost:5173/'), dev)).toBe(true);
    expect(isPermissionGranted(ask('fullscreen'), dev)).toBe(false);
  });
});
