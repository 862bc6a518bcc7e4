import { join } from 'node:path';
import { latestPerKey } from './latest-per-key';
import { NetworkFetch } from '../core/gateway/network-fetch';
import type { SystemProxy } from '../core/gateway/network-route';
import type { LogEntry } from '../../src-shared/log/log-entry';
import type { DatabaseSync } from 'node:sqlite';
import { ChatService } from '../core/chat/chat-service';
import { PresetService } from '../core/chat/preset-service';
import { AttachmentStore } from '../core/attachments/attachment-store';
import { createJudgeService } from '../core/judge/create-judge-service';
import { JudgeCaseService } from '../core/judge/judge-case-service';
import { CaseUploads } from '../core/judge/cases/case-uploads';
import { BatchService } from '../core/judge/batch/batch-service';
import { setCaseSource } from '../core/judge/batch/set-case-source';
import { BatchResultsExport } from '../core/judge/batch/results-export-service';
import { AgreementService } from '../core/judge/agreement/agreement-service';
import { casesStamp } from '../core/db/cases-stamp';
import { ReviewService } from '../core/judge/batch/review-service';
import { BatchGrid } from '../core/judge/batch/batch-grid';
import { LabelledRunCache } from '../core/judge/batch/labelled-run';
import { JudgeRunViews } from '../core/judge/batch/run-views';
import type { WorkerPool } from '../core/workers/worker-pool';
import { WalCheckpoints } from '../core/workers/wal-checkpoint';
import { tokenCounterOf } from '../core/judge/token-counter';
import { GatewayClient, type FetchLike } from '../core/gateway/gateway-client';
import { RequestLog } from '../core/gateway/request-log';
import { ProfileService, type SandboxHost } from '../core/profiles/profile-service';
import { createRepositories } from '../core/db/repositories';
import type { KeyValueStore } from '../core/storage/key-value-store';
import { StorageNotices } from '../core/storage/storage-notices';
import { KeyScrubber } from '../core/security/key-scrubber';
import { KeyVault, type SecretCipher } from '../core/vault/key-vault';
import type { DesktopActions } from '../core/media/desktop-actions';
import { MediaLibrary, type MediaUrlFor } from '../core/media/media-library';
import { createMediaService } from '../core/media/media-service';
import type { EventMap } from '../../src-shared/ipc/contract';
import { createVideoService } from '../core/video/create-video-service';
import { StreamHub } from './stream-hub';
import { EvalStoreService } from '../core/evals/eval-store-service';
import { EvalRowsImportService } from '../core/evals/eval-rows-import-service';
import { EvalRunService } from '../core/evals/eval-run-service';
import { EvalRunReads } from '../core/evals/eval-run-reads';
import { EvalRunEstimator } from '../core/evals/eval-run-estimate';
import { evalCellPageRepository } from '../core/db/eval-repository-cell-pages';
import { evalMarkRepository } from '../core/db/eval-repository-marks';
import { EvalResultsExport } from '../core/evals/eval-results-export-service';
import { EvalRunReports, reportFigures } from '../core/evals/report/eval-report-service';

export type EmitEvent = <K extends keyof EventMap & string>(name: K, payload: EventMap[K]) => void;

/** What the edge (Electron, or browser mode) hands to the core. */
export interface AppEnvironment {
  mode: 'electron' | 'web';
  version: string;
  dataDir: string;
  /** The data folder's database, opened (and locked) by the edge; `openMemoryDatabase()` in tests. */
  database: DatabaseSync;
  fetch: FetchLike;
  /** The machine's proxy for an address (network-route.ts); absent: always direct. */
  systemProxy?: SystemProxy;
  /** null in browser mode, which has no safeStorage. */
  cipher: SecretCipher | null;
  settings: KeyValueStore;
  notices: StorageNotices;
  sandbox: SandboxHost;
  emit: EmitEvent;
  desktop: DesktopActions;
  /** How the window addresses a file of the media library. */
  mediaUrl: MediaUrlFor;
  /**
   * Worker threads reading the data folder's database on their own connections; absent where
   * the database is in memory (tests), and the judge's views are then computed in main.
   */
  workers?: WorkerPool;
  now?: () => number;
}

export type AppServices = ReturnType<typeof createServices>;

/**
 * Builds every main-side service once, starting nothing: the background work starts in
 * startBackgroundWork and stops in the app's one dispose (src-main/app/start-app.ts).
 */
export function createServices(env: AppEnvironment) {
  // Every key the app holds is scrubbed from gateway text before anything stores or shows it.
  const keys = new KeyScrubber();
  const log = new RequestLog(env.now, (text) => keys.scrubFragments(text));
  // A fast call's three changes reach the window as one (docs/architecture.md, "The window").
  const logEvents = latestPerKey<LogEntry>(
    (e) => e.id,
    (e) => env.emit('log.changed', e),
    50,
  );
  log.onChange((entry) => logEvents.push(entry));
  env.notices.onNotice((n) => env.emit('app.notice', n));
  // Electron's network stack follows the OS proxy and certificates itself; Node's fetch does not.
  const network = new NetworkFetch({
    systemFetch: env.fetch,
    systemFetchFollowsSystem: env.mode === 'electron',
    systemProxy: env.systemProxy ?? (() => Promise.resolve(undefined)),
  });
  const client = new GatewayClient({
    fetch: env.fetch,
    fetchFor: (route) => network.fetchFor(route),
    log,
    now: env.now,
    scrubber: keys,
  });
  const vault = new KeyVault(env.cipher, env.settings, (key) => keys.add(key));
  const media = new MediaLibrary(env.dataDir);
  const profiles = new ProfileService(env.settings, vault, env.sandbox, env.notices, env.now);
  const repos = createRepositories({ db: env.database, notices: env.notices, now: env.now });
  // Files attached to chat messages, under the media folder so the media scheme serves them.
  const attachments = new AttachmentStore(media.root);
  const chat = new ChatService({
    client,
    profiles,
    conversations: repos.conversations,
    attachments,
    // EventMap extends ChatEvents, so every chat event is a valid app event.
    emit: (name, payload) => env.emit(name, payload as EventMap[typeof name]),
    now: env.now,
    scrubber: keys,
    dataDir: env.dataDir,
  });
  const presets = new PresetService({ presets: repos.presets, now: env.now });
  // The judge's tokens are counted in the worker pool, so main never loads the tokenizer.
  const tokens = tokenCounterOf(env.workers);
  const judge = createJudgeService({ ...env, client, profiles, repos, tokens });
  // Case files being sent for import, kept in the data folder until read (judge-case-service.ts).
  const caseUploads = new CaseUploads(join(env.dataDir, 'import-uploads'));
  const cases = new JudgeCaseService({
    cases: repos.cases,
    sets: repos.sets,
    desktop: env.desktop,
    uploads: caseUploads,
    progress: (p) => env.emit('judge.cases.importProgress', p),
    // An upload's import runs in a worker thread, off main's event loop.
    workers: env.workers,
    now: env.now,
  });
  // Runs that were running when the app stopped go on in startBackgroundWork.
  const judgeBatch = new BatchService({
    batches: repos.batches,
    sets: repos.sets,
    client,
    profiles,
    emit: (p) => env.emit('judge.batch.progress', p),
    // A run over a set's saved test cases reads them from the cases table, page by page.
    namedSources: (key) => setCaseSource(repos.cases, key),
    // Counted in the worker pool; an estimate over a set's saved cases is made whole there.
    tokens,
    now: env.now,
  });
  // A run's results with their labels, read once while they stay the same, for the results
  // grid, the agreement, the drift and the export (never the gateway).
  const labelledRuns = new LabelledRunCache({ ...repos, labelsStamp: casesStamp(env.database) });
  const judgeBatchExport = new BatchResultsExport({ labelled: labelledRuns, desktop: env.desktop });
  const judgeAgreement = new AgreementService({ labelled: labelledRuns });
  const judgeBatchGrid = new BatchGrid({ labelled: labelledRuns, reviews: repos.reviews });
  // Marks and labels corrected from the results (docs/architecture.md, "Review in the results").
  const judgeReview = new ReviewService({ ...repos, db: env.database, now: env.now ?? Date.now });
  // The same views computed in the worker threads, off main's event loop (docs/architecture.md,
  // "Worker threads"); the routes ask this one.
  const judgeRunViews = new JudgeRunViews({
    pool: env.workers,
    labelled: labelledRuns,
    grid: judgeBatchGrid,
    reviews: repos.reviews,
    agreement: judgeAgreement,
    results: judgeBatchExport,
    desktop: env.desktop,
  });
  // Its poller starts in startBackgroundWork (unfinished tasks survive restarts).
  const video = createVideoService({ ...env, client, profiles, media, repos });
  const mediaStudio = createMediaService({ ...env, client, profiles, media, repos });
  // Evals' definitions, eval files and rows (docs/architecture.md, "Evals").
  const evals = new EvalStoreService({ evals: repos.evals, desktop: env.desktop, now: env.now });
  // A dataset file comes through the case import's uploads and reader; its import runs in a worker.
  const evalRowsImport = new EvalRowsImportService({
    db: { db: env.database, notices: env.notices, now: env.now },
    evals: repos.evals,
    uploads: caseUploads,
    progress: (p) => env.emit('judge.cases.importProgress', p),
    workers: env.workers,
    now: env.now,
  });
  // An eval's runs: interrupted ones go on in startBackgroundWork, dispose stops them with batch runs.
  const evalRunService = new EvalRunService({
    evals: repos.evals,
    runs: repos.evalRuns,
    sets: repos.sets,
    client,
    profiles,
    emit: (p) => env.emit('evals.run.progress', p),
    tokens,
    now: env.now,
    // While a run sends, the log's checkpoints are a worker's, not a cell's commit's.
    ...(env.workers ? { wal: new WalCheckpoints({ db: env.database, pool: env.workers }) } : {}),
  });
  const dbContext = { db: env.database, notices: env.notices, now: env.now };
  const evalRunReads = new EvalRunReads({
    evals: repos.evals,
    runs: repos.evalRuns,
    pages: evalCellPageRepository(dbContext),
    marks: evalMarkRepository(dbContext),
    profiles,
    now: env.now,
  });
  // Read and counted whole in a worker where there is a pool.
  const evalRunEstimator = new EvalRunEstimator({
    db: env.database,
    evals: repos.evals,
    sets: repos.sets,
    profiles,
    tokens,
    pool: env.workers,
  });
  // An eval run's results as a file, where the user picks.
  const evalResults = new EvalResultsExport({
    evals: repos.evals,
    runs: repos.evalRuns,
    sets: repos.sets,
    desktop: env.desktop,
  });
  const evalReports = new EvalRunReports({
    runs: repos.evalRuns,
    sets: repos.sets,
    // The statistics' own jobs, in a worker thread where there is a pool (a large run's take seconds).
    figures: reportFigures({ db: env.database, runs: repos.evalRuns, pool: env.workers }),
    desktop: env.desktop,
    appVersion: env.version,
    now: env.now,
  });
  // Who subscribed to which stream; the edge feeds it subscribers and their comings and goings.
  const streams = new StreamHub();
  return {
    env,
    log,
    network,
    client,
    vault,
    profiles,
    chat,
    attachments,
    presets,
    media,
    judge,
    cases,
    caseUploads,
    judgeBatch,
    judgeBatchExport,
    judgeAgreement,
    judgeBatchGrid,
    judgeReview,
    judgeRunViews,
    workers: env.workers,
    video,
    mediaStudio,
    evals,
    evalRowsImport,
    // A stored row edited in place (evals.rows.update); the eval's rules are checked by its handler.
    evalRows: repos.evals,
    evalRuns: repos.evalRuns,
    evalRunService,
    evalRunReads,
    evalRunEstimator,
    evalResults,
    evalReports,
    streams,
  };
}

/**
 * The work that runs without a caller: batch runs that were running when the app stopped go on,
 * and unfinished video tasks are polled again. Stopped by the app's dispose, in its order.
 */
export function startBackgroundWork(services: AppServices): void {
  // No window holds a draft yet: every attachment file no conversation refers to can go.
  services.chat.sweepAttachments();
  services.judgeBatch.resumeInterrupted();
  services.evalRunService.resumeInterrupted();
  services.video.start();
}
