import { describe, expect, it } from 'vitest';
import config from '../electron-builder.config';

/** Target names as electron-builder accepts them: a string or `{ target }` objects. */
function targets(platform: 'linux' | 'mac' | 'win'): string[] {
  const t = config[platform]?.target;
  const list = Array.isArray(t) ? t : t ? [t] : [];
  return list.map((x) => (typeof x === 'string' ? x : x.target)).sort();
}

describe('packaging config (electron-builder.config.ts)', () => {
  it('flips every Electron fuse the app relies on', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an asar archive', () => {
    expect(config.asar).toBe(true);
  });

  it('builds AppImage and deb for Linux, dmg for macOS and an NSIS installer for Windows', () => {
    expect(targets('linux')).toEqual(['AppImage', 'deb']);
    expect(targets('mac')).toEqual(['dmg']);
    expect(targets('win')).toEqual(['nsis']);
  });

  it('ships the built app and the Sandbox sample clip, not the sources', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**/*', 'resources/sandbox/**/*']));
    expect(JSON.stringify(config.files)).not.toMatch(/src-|e2e/);
  });
});
