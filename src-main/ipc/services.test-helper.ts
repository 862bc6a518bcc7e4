import { mkdtempSync, readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_FILE, openMemoryDatabase } from '../core/db/open-database';
import { judgeWorkerEntry } from '../core/workers/judge-worker-entry';
import { WorkerPool } from '../core/workers/worker-pool';
import { WORKER_THREADS } from '../app/start-app';
import type { FetchLike } from '../core/gateway/gateway-client';
import type { DesktopActions } from '../core/media/desktop-actions';
import { MemoryKeyValueStore } from '../core/storage/key-value-store';
import { StorageNotices } from '../core/storage/storage-notices';
import { startSandbox, type SandboxOptions } from '../sandbox/server';
import type { EventMap } from '../../src-shared/ipc/contract';
import { lazySandboxHost } from './sandbox-host';
import { createAppRouter } from './app-router';
import { type AppServices, createServices, startBackgroundWork } from './services';

export interface RecordedEvent {
  name: keyof EventMap;
  payload: unknown;
}

/**
 * The real services over a temp data folder (media files), an in-memory database unless one is
 * given, and a real in-process Sandbox.
 */
export function testServices(
  opts: {
    sandbox?: SandboxOptions;
    dataDir?: string;
    settings?: MemoryKeyValueStore;
    database?: DatabaseSync;
    notices?: StorageNotices;
    /** Defaults to the real fetch; the fuzz test keeps calls on loopback. */
    fetch?: FetchLike;
    /** Defaults to actions that only record the name asked for and write nothing. */
    desktop?: DesktopActions;
    /**
     * The app's worker threads over `database`, which must then be `dataDir`'s database file
     * (openDataFolder); the caller closes them (`services.workers.close()`).
     */
    workers?: boolean;
  } = {},
) {
  const events: RecordedEvent[] = [];
  const sandbox = lazySandboxHost(() => startSandbox({ tokenDelayMs: 1, ...opts.sandbox }));
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'gatehouse-svc-'));
  const saved: string[] = [];
  /** The text of each file saved through saveTextAs, by file name (the last one wins). */
  const savedText = new Map<string, string>();
  const database = opts.database ?? openMemoryDatabase();
  const workers = opts.workers
    ? new WorkerPool({
        size: WORKER_THREADS,
        entry: judgeWorkerEntry(),
        workerData: { databaseFile: join(dataDir, DATABASE_FILE) },
      }).warm()
    : undefined;
  const services = createServices({
    mode: 'web',
    version: 'test',
    dataDir,
    database,
    fetch: opts.fetch ?? ((u, i) => fetch(u, i)),
    cipher: null,
    settings: opts.settings ?? new MemoryKeyValueStore(),
    notices: opts.notices ?? new StorageNotices(),
    sandbox,
    emit: (name, payload) => events.push({ name, payload }),
    desktop: opts.desktop ?? {
      // The text too: an export made in a temporary file is saved by copying it.
      saveFileAs: async (src, name) => (
        saved.push(name),
        savedText.set(name, readFileSync(src, 'utf8')),
        join(dataDir, 'exports', name)
      ),
      saveTextAs: async (text, name) => (
        saved.push(name),
        savedText.set(name, text),
        join(dataDir, 'exports', name)
      ),
      notify: () => undefined,
    },
    mediaUrl: (rel) => `media://${rel}`,
    workers,
  });
  // As the app does at start: interrupted batch runs go on, unfinished video tasks are polled.
  startBackgroundWork(services);
  const waitFor = async <K extends keyof EventMap>(name: K, timeoutMs = 10_000): Promise<EventMap[K]> => {
    const started = Date.now();
    for (;;) {
      const found = events.find((e) => e.name === name);
      if (found) return found.payload as EventMap[K];
      if (Date.now() - started > timeoutMs) throw new Error(`no ${name} event`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { services, events, waitFor, dataDir, database, saved, savedText, close: () => sandbox.close() };
}

/**
 * The app's router over test services, called as the window of the app's own page would:
 * `send` gives the Result as the window gets it, `call` its data (or throws with the message).
 */
export function routerCalls(services: AppServices) {
  const dispatch = createAppRouter(services, () => true);
  const top = { url: 'http://127.0.0.1/', isMainFrame: true };
  const send = (name: string, input: unknown) => dispatch(name, input, top);
  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const r = await send(name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return r.data as T;
  };
  return { send, call };
}
