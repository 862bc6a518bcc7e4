import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  downloadFailedSentence,
  downloadSource,
  electronBinaryState,
  missingBinarySentence,
  skipDownloadReason,
} from './electron-binary.mjs';

let root: string;
let electronDir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-electron-binary-'));
  electronDir = join(root, 'node_modules', 'electron');
  mkdirSync(electronDir, { recursive: true });
  writeFileSync(join(electronDir, 'package.json'), '{"name":"electron","version":"45.4.1"}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function installProgram(relative = 'electron'): string {
  const executable = join(electronDir, 'dist', relative);
  mkdirSync(join(executable, '..'), { recursive: true });
  writeFileSync(executable, '#!/bin/sh\n');
  chmodSync(executable, 0o755);
  writeFileSync(join(electronDir, 'path.txt'), relative);
  return executable;
}

describe('electronBinaryState', () => {
  it('finds the program path.txt names under dist', () => {
    const executable = installProgram();
    expect(electronBinaryState(electronDir, {})).toEqual({ installed: true, executable });
  });

  it('follows the macOS layout path.txt names', () => {
    const executable = installProgram('Electron.app/Contents/MacOS/Electron');
    expect(electronBinaryState(electronDir, {})).toEqual({ installed: true, executable });
  });

  it('reports dist as missing when the installer never ran (no path.txt)', () => {
    expect(electronBinaryState(electronDir, {})).toEqual({
      installed: false,
      missing: 'node_modules/electron/dist',
    });
  });

  it('reports the program as missing when path.txt outlived dist', () => {
    installProgram();
    rmSync(join(electronDir, 'dist'), { recursive: true });
    expect(electronBinaryState(electronDir, {})).toEqual({
      installed: false,
      missing: 'node_modules/electron/dist/electron',
    });
  });

  it('reports the package as missing when node_modules/electron is absent', () => {
    expect(electronBinaryState(undefined, {})).toEqual({
      installed: false,
      missing: 'node_modules/electron',
    });
    rmSync(electronDir, { recursive: true });
    expect(electronBinaryState(electronDir, {})).toEqual({
      installed: false,
      missing: 'node_modules/electron',
    });
  });

  it('trusts ELECTRON_EXEC_PATH the way electron-vite does, when it exists', () => {
    const executable = installProgram('custom/electron');
    rmSync(join(electronDir, 'path.txt'));
    expect(electronBinaryState(electronDir, { ELECTRON_EXEC_PATH: executable })).toEqual({
      installed: true,
      executable,
    });
    const gone = join(root, 'nowhere', 'electron');
    expect(electronBinaryState(electronDir, { ELECTRON_EXEC_PATH: gone })).toEqual({
      installed: false,
      missing: `ELECTRON_EXEC_PATH ${gone}`,
    });
  });
});

describe('missingBinarySentence', () => {
  it('names what is missing, the download command and browser mode, in one sentence', () => {
    const sentence = missingBinarySentence('node_modules/electron/dist');
    expect(sentence).toContain('(node_modules/electron/dist is missing)');
    expect(sentence).toContain('`npx install-electron`');
    expect(sentence).toContain('`npm run web`');
    expect(sentence).not.toContain('Electron uninstall');
    expect(sentence.match(/\.(\s|$)/g)).toHaveLength(1);
  });

  it('asks for npm install when the package itself is absent', () => {
    expect(missingBinarySentence('node_modules/electron')).toContain('run `npm install`');
  });
});

describe('skipDownloadReason', () => {
  it('downloads unless ELECTRON_SKIP_BINARY_DOWNLOAD holds a value other than 0', () => {
    expect(skipDownloadReason({})).toBeUndefined();
    expect(skipDownloadReason({ ELECTRON_SKIP_BINARY_DOWNLOAD: '' })).toBeUndefined();
    expect(skipDownloadReason({ ELECTRON_SKIP_BINARY_DOWNLOAD: '0' })).toBeUndefined();
    expect(skipDownloadReason({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })).toBe(
      'ELECTRON_SKIP_BINARY_DOWNLOAD=1',
    );
    expect(skipDownloadReason({ ELECTRON_SKIP_BINARY_DOWNLOAD: 'true' })).toBe(
      'ELECTRON_SKIP_BINARY_DOWNLOAD=true',
    );
  });
});

describe('downloadFailedSentence', () => {
  it('gives the reason and both ways on', () => {
    const sentence = downloadFailedSentence('Error: getaddrinfo ENOTFOUND github.com');
    expect(sentence).toContain('(Error: getaddrinfo ENOTFOUND github.com)');
    expect(sentence).toContain('ELECTRON_MIRROR');
    expect(sentence).toContain('`npx install-electron`');
    expect(sentence).toContain('`npm run web`');
  });
});

describe('downloadSource', () => {
  it('names the mirror the downloader reads, else the release host', () => {
    expect(downloadSource({})).toBe('https://github.com/electron/electron/releases/download/');
    expect(downloadSource({ ELECTRON_MIRROR: 'http://127.0.0.1:8080/' })).toBe('http://127.0.0.1:8080/');
    expect(
      downloadSource({ ELECTRON_MIRROR: 'http://a/', npm_config_electron_mirror: 'http://from-npmrc/' }),
    ).toBe('http://from-npmrc/');
  });
});
