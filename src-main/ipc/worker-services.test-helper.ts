import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { openDataFolder } from '../core/db/open-data-folder';
import { StorageNotices } from '../core/storage/storage-notices';
import { watchMain } from '../test-support/hostile-gateway';
import { browserDesktopActions } from '../web/browser-desktop-actions';
import { routerCalls, testServices } from './services.test-helper';

const GB = 1024 * 1024 * 1024;

/** The app's services over a data folder on disk, with its worker pool started and warm. */
export interface WorkerServices {
  dir: string;
  db: DatabaseSync;
  t: ReturnType<typeof testServices>;
  call: ReturnType<typeof routerCalls>['call'];
  /**
   * One route call, watched as the main-block tests watch them (docs/architecture.md, "Testing"):
   * its wall time, main's own thread CPU and the longest hold printed, so a run shows the
   * figures and not only pass or fail; speed is asserted in `npm run bench`, never here.
   */
  watched<T>(name: string, route: string, input: unknown): Promise<Watched<T>>;
  /** Stops the workers and the services, closes the database and removes the folder. */
  close(): Promise<void>;
}

export type Watched<T> = Awaited<ReturnType<typeof watchMain<T>>> & { wallMs: number; cpuMs: number };

/**
 * A fresh data folder (`prefix` names it in the temp folder), seeded through its database before
 * the services start, as a user's folder is on disk when the app opens it; `exports` saves files
 * the way browser mode does, into the folder's `exports`.
 */
export async function openWorkerServices(
  prefix: string,
  opts: { seed?: (db: DatabaseSync) => void; exports?: boolean } = {},
): Promise<WorkerServices> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = openDataFolder(dir, new StorageNotices());
  let t: ReturnType<typeof testServices> | undefined;
  try {
    opts.seed?.(db);
    t = testServices({
      database: db,
      dataDir: dir,
      workers: true,
      desktop: opts.exports ? browserDesktopActions(join(dir, 'exports')) : undefined,
    });
    // Measured from the first call on, as in the app, whose workers start with it.
    await t.services.workers!.ready();
  } catch (error) {
    await closeAll(dir, db, t);
    throw error;
  }
  const services = t;
  const { call } = routerCalls(services.services);
  return {
    dir,
    db,
    t: services,
    call,
    async watched<T>(name: string, route: string, input: unknown) {
      const started = performance.now();
      const cpu = process.threadCpuUsage();
      const w = await watchMain(() => call<T>(route, input), { guardMs: 120_000, abortGrowthBytes: 8 * GB });
      const used = process.threadCpuUsage(cpu);
      const wallMs = performance.now() - started;
      const cpuMs = (used.user + used.system) / 1000;
      console.log(
        `${name}: ${wallMs.toFixed(0)} ms, main's thread ${cpuMs.toFixed(0)} ms of CPU, ` +
          `held at most ${w.maxStallMs.toFixed(0)} ms (timer lag by the clock ${w.maxLagMs.toFixed(0)} ms), ` +
          `load ${loadavg()[0].toFixed(1)}/${cpus().length} cpus`,
      );
      return { ...w, wallMs, cpuMs };
    },
    close: () => closeAll(dir, db, services),
  };
}

async function closeAll(dir: string, db: DatabaseSync, t: ReturnType<typeof testServices> | undefined) {
  await t?.services.workers?.close();
  await t?.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
