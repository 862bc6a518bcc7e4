import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Conf from 'conf';
import { startWebServer } from '../../web/web-server';
import { JsonKeyValueStore } from '../storage/key-value-store';
import { StorageNotices } from '../storage/storage-notices';
import { confOptions, CONF_FOLDER } from './crash-durability/settings-files';
import { verifyFolder } from './crash-durability/verify-folder';
import {
  type Ack,
  contentHash,
  conversationAt,
  profilesAt,
  SETTINGS_KEY,
  videoTaskAt,
} from './crash-durability/workload';
import { openDataFolder } from './open-data-folder';
import { createRepositories } from './repositories';

/**
 * A writer is killed with SIGKILL at random moments; after each kill the folder must pass
 * `PRAGMA integrity_check`, hold every acknowledged write, and the app must start on it
 * (docs/architecture.md, "Testing"). The seed makes a CI failure replayable:
 * GATEHOUSE_CRASH_SEED=<seed> GATEHOUSE_CRASH_ROUNDS=<n> npx vitest run <this file>.
 */
const SEED = Number(process.env.GATEHOUSE_CRASH_SEED ?? 20261123);
const ROUNDS = Number(process.env.GATEHOUSE_CRASH_ROUNDS ?? 20);
const WRITER = join(import.meta.dirname, 'crash-durability', 'writer-child.ts');

/** mulberry32: a small seeded generator, so every run kills at the same moments. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Round {
  acks: Ack[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Starts the writer, kills it `killAfterMs` after its first acknowledged write (not after "ready":
 * on a loaded machine the first write can take longer than a short kill delay, and a round that
 * wrote nothing proves nothing), and resolves once it is gone.
 */
function runWriter(dataDir: string, killAfterMs: number): Promise<Round> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (stderr += chunk));
  child.stdout?.on('data', (chunk: string) => {
    const hadAck = out.includes('\n{');
    out += chunk;
    if (!hadAck && out.includes('\n{')) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  });
  // 'close' comes after the process has exited and its pipes are drained: its lock is released.
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (_code, signal) => {
      // Only whole lines count: a line cut by the kill was never acknowledged.
      const lines = out.split('\n').slice(0, -1);
      const acks = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Ack);
      resolve({ acks, signal, stderr });
    });
  });
}

/** The app's browser-mode start on the folder: database, settings, services, the page. */
async function appStarts(dataDir: string, rendererDir: string): Promise<number> {
  const server = await startWebServer({ port: 0, dataDir, rendererDir });
  try {
    return (await fetch(server.url)).status;
  } finally {
    await server.close();
  }
}

describe('crash durability', () => {
  it('the check reports an acknowledged write that is missing, behind or different', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'gatehouse-crash-')), 'data');
    const notices = new StorageNotices();
    const db = openDataFolder(dataDir, notices);
    const repos = createRepositories({ db, notices });
    repos.conversations.put(conversationAt('chat-0', 2));
    repos.videoTasks.put(videoTaskAt('video-a', 3));
    db.close();
    new JsonKeyValueStore(join(dataDir, 'settings.json'), notices).set(SETTINGS_KEY, profilesAt(5));
    new Conf<Record<string, unknown>>(confOptions(join(dataDir, CONF_FOLDER))).set(
      SETTINGS_KEY,
      profilesAt(1),
    );
    const hash = contentHash(profilesAt(5));
    const report = verifyFolder(dataDir, [
      { kind: 'conversation', id: 'chat-0', version: 2, hash: 'not the messages' },
      { kind: 'conversation', id: 'chat-0', version: 3, hash: 'x' },
      { kind: 'set-revision', id: 'set-0', version: 1, hash: 'x' },
      { kind: 'video-task', id: 'video-a', version: 4, hash: 'x' },
      { kind: 'settings-json', id: 'settings.json', version: 5, hash },
      { kind: 'settings-conf', id: 'settings-conf', version: 2, hash: 'x' },
    ]);
    expect(report.integrity).toBe('ok');
    expect(report.problems).toEqual([
      'conversation chat-0 v2: messages differ',
      'conversation chat-0 v3: has 2 messages',
      'set-revision set-0 v1: revision missing',
      'video-task video-a v4: stored version 3 is behind',
      'settings-conf settings-conf v2: stored version 1 is behind',
    ]);
  });

  it(
    `survives ${ROUNDS} SIGKILLs mid-write: integrity ok, every acknowledged write there, the app starts`,
    { timeout: 180_000 },
    async () => {
      const random = seeded(SEED);
      const root = mkdtempSync(join(tmpdir(), 'gatehouse-crash-'));
      const dataDir = join(root, 'data');
      const rendererDir = join(root, 'renderer');
      mkdirSync(rendererDir);
      writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gatehouse</title>');

      const lastOfEach = new Map<string, Ack>();
      let intact = 0;
      let acknowledged = 0;
      let checked = 0;
      let lost = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        const { acks, signal, stderr } = await runWriter(dataDir, Math.floor(20 + random() * 380));
        expect(stderr, `round ${round}: the writer failed on its own`).toBe('');
        expect(signal, `round ${round}`).toBe('SIGKILL');
        expect(acks.length, `round ${round}: the writer wrote nothing before the kill`).toBeGreaterThan(0);

        // This round's acknowledgements, and the last one of every record from earlier rounds.
        const report = verifyFolder(dataDir, [...lastOfEach.values(), ...acks]);
        acknowledged += acks.length;
        for (const a of acks) lastOfEach.set(`${a.kind}:${a.id}`, a);
        lost += report.problems.length;
        checked += report.checked;
        expect(report.integrity, `round ${round}`).toBe('ok');
        expect(report.notices, `round ${round}: a file was set aside as unreadable`).toBe(0);
        expect(report.problems, `round ${round}`).toEqual([]);
        expect(await appStarts(dataDir, rendererDir), `round ${round}: the app's page`).toBe(200);
        intact++;
      }
      console.log(
        `crash durability (seed ${SEED}): kill rounds ${intact}/${ROUNDS} intact, ` +
          `acknowledged writes ${acknowledged} (checks ${checked}), lost ${lost}`,
      );
    },
  );
});
