import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../core/db/open-database';
import { MemoryKeyValueStore } from '../core/storage/key-value-store';
import { StorageNotices } from '../core/storage/storage-notices';
import { fakeAdapters } from '../platform/electron-adapters.test-helper';
import { runElectronApp } from '../platform/electron-app';
import { fakeElectronMain } from '../platform/fake-electron.test-helper';
import { type AppPlatform, startApp } from './start-app';
import {
  describeStartupFailure,
  StartupError,
  type StartupFailure,
  startupFailureLine,
} from './startup-failure';

const root = () => mkdtempSync(join(tmpdir(), 'gatehouse-start-'));

const platform: AppPlatform = {
  mode: 'web',
  chooseFolderHint: '--data-dir',
  fetch: (u, i) => fetch(u, i),
  cipher: null,
  openSettings: () => new MemoryKeyValueStore(),
  emit: () => undefined,
  desktop: { saveFileAs: async () => null, saveTextAs: async () => null, notify: () => undefined },
  mediaUrl: (rel) => rel,
  senderPolicy: () => true,
};

/** Each way a data folder can be unusable, made for real on disk, and what it must read as. */
const folders: { name: string; reason: StartupFailure['reason']; make(dir: string): () => void }[] = [
  {
    name: 'the data folder is a file',
    reason: 'unwritable',
    make: (dir) => {
      writeFileSync(dir, 'notes');
      return () => expect(readFileSync(dir, 'utf8')).toBe('notes');
    },
  },
  {
    name: 'gatehouse.db is a folder',
    reason: 'unopenable',
    make: (dir) => {
      mkdirSync(join(dir, DATABASE_FILE), { recursive: true });
      writeFileSync(join(dir, DATABASE_FILE, 'keep.txt'), 'mine');
      return () => expect(readFileSync(join(dir, DATABASE_FILE, 'keep.txt'), 'utf8')).toBe('mine');
    },
  },
  {
    name: 'a newer Gatehouse wrote the database',
    reason: 'too-new',
    make: (dir) => {
      mkdirSync(dir);
      const db = new DatabaseSync(join(dir, DATABASE_FILE));
      db.exec("CREATE TABLE keep (v TEXT); INSERT INTO keep VALUES ('mine'); PRAGMA user_version = 9999");
      db.close();
      return () => {
        // Opened, read and closed as it was: its rows and its version are as the newer app left them.
        const after = new DatabaseSync(join(dir, DATABASE_FILE));
        expect(after.prepare('SELECT v FROM keep').all()).toEqual([{ v: 'mine' }]);
        expect(after.prepare('PRAGMA user_version').get()).toEqual({ user_version: 9999 });
        after.close();
      };
    },
  },
  {
    name: 'another Gatehouse holds the folder',
    reason: 'locked',
    make: (dir) => {
      const holder = openDatabase(dir, new StorageNotices());
      return () => holder.close();
    },
  },
];

describe('a data folder the app cannot use', () => {
  it.each(folders)(
    '$name: startApp throws one StartupError naming the folder, and changes nothing',
    async (f) => {
      const dir = join(root(), 'data');
      const check = f.make(dir);
      const err = await startApp(platform, { dataDir: dir, version: 'test' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StartupError);
      const failure = (err as StartupError).failure;
      expect(failure.reason).toBe(f.reason);
      expect(failure.message).toContain(dir);
      expect(failure.nextStep).toMatch(/--data-dir|Update Gatehouse|Close the other/);
      check();
    },
  );

  it('reads an error of permissions as "cannot write", and anything else as unexpected, both naming the folder', () => {
    const eacces = Object.assign(new Error('EACCES: permission denied, mkdir'), { code: 'EACCES' });
    expect(describeStartupFailure(eacces, '/data', 'GATEHOUSE_DATA_DIR')).toMatchObject({
      reason: 'unwritable',
      message: expect.stringContaining('/data'),
      nextStep: expect.stringContaining('GATEHOUSE_DATA_DIR'),
    });
    const odd = describeStartupFailure(new Error('boom'), '/data', '--data-dir');
    expect(odd).toMatchObject({ reason: 'unexpected', message: expect.stringContaining('/data') });
    expect(startupFailureLine(odd)).not.toContain('\n');
  });
});

describe('start-up failures at the edges', () => {
  it('browser mode prints one line with the folder and the next step, exits 1, and shows no stack trace', () => {
    const dir = join(root(), 'data');
    writeFileSync(dir, 'notes');
    const renderer = root();
    writeFileSync(join(renderer, 'index.html'), '<!doctype html>');
    const out = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src-main/web/cli.ts', '--port', '0', '--data-dir', dir],
      {
        encoding: 'utf8',
        env: { ...process.env, GATEHOUSE_RENDERER_DIR: renderer },
        timeout: 60_000,
      },
    );
    expect(out.status).toBe(1);
    const lines = out.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(dir);
    expect(lines[0]).toContain('--data-dir');
    expect(out.stderr).not.toMatch(/^\s+at /m);
    expect(readFileSync(dir, 'utf8')).toBe('notes');
  });

  it('Electron shows one dialog with the folder and the next step, releases the single-instance lock and quits with 1, opening no window', async () => {
    const dir = join(root(), 'data');
    mkdirSync(join(dir, DATABASE_FILE), { recursive: true });
    const fake = fakeElectronMain({ userData: dir });
    const run = await runElectronApp(fake.main, fakeAdapters(), {
      env: {},
      argv: ['gatehouse'],
      mainDir: root(),
    });
    expect(run).toBeUndefined();
    expect(fake.life.errorBoxes).toHaveLength(1);
    expect(fake.life.errorBoxes[0].title).toMatch(/data folder/);
    expect(fake.life.errorBoxes[0].content).toContain(dir);
    expect(fake.life.errorBoxes[0].content).toContain('GATEHOUSE_DATA_DIR');
    expect(fake.life.lockReleased).toBe(true);
    expect(fake.life.lockHeld).toBe(false);
    expect(fake.life.exitCode).toBe(1);
    expect(fake.FakeBrowserWindow.getAllWindows()).toHaveLength(0);
  });

  it('Electron started a second time on the same machine quits at once and leaves the first alone', async () => {
    const fake = fakeElectronMain({ userData: join(root(), 'data'), lockHeld: true });
    expect(
      await runElectronApp(fake.main, fakeAdapters(), { env: {}, argv: ['gatehouse'], mainDir: root() }),
    ).toBeUndefined();
    expect(fake.life.quits).toBe(1);
    expect(fake.life.errorBoxes).toEqual([]);
    expect(fake.FakeBrowserWindow.getAllWindows()).toHaveLength(0);
  });
});
