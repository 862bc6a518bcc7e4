import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { DATABASE_FILE } from '../core/db/open-database';
import { openDataFolder } from '../core/db/open-data-folder';
import { judgeWorkerEntry } from '../core/workers/judge-worker-entry';
import { type WorkerEntry, WorkerPool } from '../core/workers/worker-pool';
import type { FetchLike } from '../core/gateway/gateway-client';
import { envProxyFor, type SystemProxy } from '../core/gateway/network-route';
import type { DesktopActions } from '../core/media/desktop-actions';
import type { MediaUrlFor } from '../core/media/media-library';
import type { KeyValueStore } from '../core/storage/key-value-store';
import { StorageNotices } from '../core/storage/storage-notices';
import type { SecretCipher } from '../core/vault/key-vault';
import { createAppRouter, createAppStreamRouter } from '../ipc/app-router';
import type { SenderPolicy } from '../ipc/router';
import { lazySandboxHost } from '../ipc/sandbox-host';
import { type AppServices, createServices, type EmitEvent, startBackgroundWork } from '../ipc/services';
import {
  startSandboxThread,
  type SandboxThreadEntry,
  type SandboxThreadOptions,
} from '../sandbox/sandbox-thread';
import { sandboxThreadEntry } from './sandbox-thread-entry';
import { describeStartupFailure, StartupError } from './startup-failure';

/**
 * What one edge (Electron, or browser mode) brings: the platform adapters. Everything else is
 * built by startApp, the same way for both (docs/architecture.md, "One composition root").
 */
export interface AppPlatform {
  mode: 'electron' | 'web';
  /** How this edge picks another data folder, for start-up messages. */
  chooseFolderHint: string;
  fetch: FetchLike;
  /**
   * The machine's proxy for an address, where a profile's certificates mean the platform's fetch
   * cannot be used (Chromium's resolver in the app); absent: the environment's HTTP(S)_PROXY.
   */
  systemProxy?: SystemProxy;
  /** The key's cipher (Electron's safeStorage); null where there is none (browser mode). */
  cipher: SecretCipher | null;
  /** Small settings; opened once the data folder is known to be usable. */
  openSettings(notices: StorageNotices): KeyValueStore;
  /** App events to the window (Electron IPC, or every socket in browser mode). */
  emit: EmitEvent;
  /** Save dialogs and notifications. */
  desktop: DesktopActions;
  mediaUrl: MediaUrlFor;
  /** Who may call: the app's own top frame, as this edge knows its origin. */
  senderPolicy: SenderPolicy;
}

export interface AppStartEnv {
  dataDir: string;
  version: string;
  /** The in-app Sandbox's options (faults and pace for the end-to-end tests). */
  sandbox?: SandboxThreadOptions;
  now?: () => number;
  /** The worker threads' code; by default where judgeWorkerEntry finds it. */
  workerEntry?: WorkerEntry;
  /** The Sandbox thread's code; by default where sandboxThreadEntry finds it. */
  sandboxEntry?: SandboxThreadEntry;
}

/** The shutdown's steps, in the order dispose takes them. */
export const SHUTDOWN_ORDER = [
  'calls',
  'streams',
  'batch-runs',
  'video-poller',
  'saves',
  'connections',
  'sandbox',
  'workers',
  'database',
] as const;

/**
 * Worker threads of the pool: two, whatever the machine, so a page read straight from the tables
 * never waits behind a run's index being built (docs/architecture.md, "Worker threads").
 */
export const WORKER_THREADS = 2;
export type ShutdownStep = (typeof SHUTDOWN_ORDER)[number];

export interface RunningApp {
  services: AppServices;
  notices: StorageNotices;
  database: DatabaseSync;
  /** Request/response calls: (route, input, sender, callerSignal?) -> Result. */
  dispatch: ReturnType<typeof createAppRouter>;
  /** Stream starts and their subscribers. */
  streams: ReturnType<typeof createAppStreamRouter>;
  /** Stops everything in SHUTDOWN_ORDER and waits for the saves; the same promise however often it is called. */
  dispose(): Promise<void>;
  /** The shutdown's steps begun so far, in order (empty while the app runs). */
  readonly shutdownSteps: readonly ShutdownStep[];
}

/**
 * The one composition root: opens (and locks) the data folder, builds the services, the router,
 * the stream hub and the Sandbox, starts the background work, and returns the one dispose.
 * A data folder that cannot be used throws StartupError before anything is started or written.
 */
export async function startApp(platform: AppPlatform, env: AppStartEnv): Promise<RunningApp> {
  const notices = new StorageNotices();
  let database: DatabaseSync;
  let settings: KeyValueStore;
  try {
    database = openDataFolder(env.dataDir, notices, env.now);
  } catch (err) {
    throw new StartupError(describeStartupFailure(err, env.dataDir, platform.chooseFolderHint), {
      cause: err,
    });
  }
  try {
    settings = platform.openSettings(notices);
  } catch (err) {
    // Closing releases the folder's lock, so the next start is not refused as "in use".
    database.close();
    throw new StartupError(describeStartupFailure(err, env.dataDir, platform.chooseFolderHint), {
      cause: err,
    });
  }
  // In a thread of its own: a gateway's work is never main's (docs/architecture.md, "The Sandbox").
  const sandbox = lazySandboxHost(() =>
    startSandboxThread(env.sandboxEntry ?? sandboxThreadEntry(), env.sandbox),
  );
  // Started now, so the first heavy call does not wait for a worker to load its code.
  const workers = new WorkerPool({
    size: WORKER_THREADS,
    entry: env.workerEntry ?? judgeWorkerEntry(),
    workerData: { databaseFile: join(env.dataDir, DATABASE_FILE) },
  }).warm();
  const services = createServices({
    mode: platform.mode,
    version: env.version,
    dataDir: env.dataDir,
    database,
    fetch: platform.fetch,
    systemProxy: platform.systemProxy ?? ((url) => Promise.resolve(envProxyFor(process.env, url))),
    cipher: platform.cipher,
    settings,
    notices,
    sandbox,
    emit: platform.emit,
    desktop: platform.desktop,
    mediaUrl: platform.mediaUrl,
    workers,
    now: env.now,
  });
  // Aborted first at shutdown: every handler's signal follows it.
  const lifetime = new AbortController();
  const dispatch = createAppRouter(services, platform.senderPolicy, lifetime.signal);
  const streams = createAppStreamRouter(services, platform.senderPolicy, lifetime.signal);
  startBackgroundWork(services);

  let disposing: Promise<void> | undefined;
  const shutdownSteps: ShutdownStep[] = [];
  const onStep = (step: ShutdownStep) => void shutdownSteps.push(step);
  const shutdown = async () => {
    onStep('calls');
    lifetime.abort(new Error('Gatehouse is closing.'));
    // Replies stop first; what they had is saved (the 'saves' step waits for it).
    onStep('streams');
    services.streams.closeAll();
    // Batch runs and eval runs stop between cases and leave `running` so the next start resumes them.
    onStep('batch-runs');
    await Promise.all([services.judgeBatch.dispose(), services.evalRunService.dispose()]);
    onStep('video-poller');
    services.video.dispose();
    onStep('saves');
    await services.chat.settle();
    // Pooled connections of profiles with a proxy or certificates of their own.
    onStep('connections');
    await services.network.close();
    onStep('sandbox');
    await sandbox.close();
    // Their read-only connections close with them, so main's close below is the last one.
    onStep('workers');
    await workers.close();
    // Last: closing checkpoints the write-ahead log into the file and releases the folder's lock.
    onStep('database');
    database.close();
  };
  return {
    services,
    notices,
    database,
    dispatch,
    streams,
    shutdownSteps,
    dispose: () => (disposing ??= shutdown()),
  };
}
