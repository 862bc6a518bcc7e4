import type { JudgeCaseEvents } from '../judge/judge-case-import';
import type { ChatEvents } from '../chat/chat-events';
import type { LogEntry, StorageNotice } from '../log/log-entry';
import type { Invoke } from './define-route';
import type { Subscribe } from './define-stream';
import { chatStreams } from './routes/chat-streams';
import { appRoutes } from './routes/app-routes';
import { chatRoutes } from './routes/chat-routes';
import { judgeCaseRoutes } from './routes/judge-case-routes';
import { judgeRoutes } from './routes/judge-routes';
import { logRoutes } from './routes/log-routes';
import { mediaRoutes } from './routes/media-routes';
import { settingsRoutes } from './routes/settings-routes';
import { videoRoutes } from './routes/video-routes';
import type { VideoEvents } from '../video/video-events';
import type { MediaEvents } from '../media/media-views';
import type { JudgeBatchEvents } from '../judge/batch-run';
import { judgeBatchRoutes } from './routes/judge-batch-routes';
import { judgeAgreementRoutes } from './routes/judge-agreement-routes';
import { judgeBatchGridRoutes } from './routes/judge-batch-grid-routes';
import { judgeReportRoutes } from './routes/judge-report-routes';
import { evalRoutes } from './routes/eval-routes';
import { evalRunRoutes } from './routes/eval-run-routes';
import type { EvalEvents } from '../evals/eval-run-views';
import { evalStatsRoutes } from './routes/eval-stats-routes';
import { evalExportRoutes } from './routes/eval-export-routes';

/**
 * The whole IPC surface. Main validates with these schemas; preload and renderer take their
 * types from here (the renderer with `import type` only, so zod stays out of its bundle).
 * A feature adds its routes file and spreads it in here.
 */
export const routes = {
  ...appRoutes,
  ...settingsRoutes,
  ...chatRoutes,
  ...videoRoutes,
  ...logRoutes,
  ...mediaRoutes,
  ...judgeRoutes,
  ...judgeCaseRoutes,
  ...judgeBatchRoutes,
  ...judgeAgreementRoutes,
  ...judgeBatchGridRoutes,
  ...judgeReportRoutes,
  ...evalRoutes,
  ...evalRunRoutes,
  ...evalStatsRoutes,
  ...evalExportRoutes,
};
export type Routes = typeof routes;
export type RouteName = keyof Routes & string;

/**
 * Stream routes: the window makes the id, subscribes and starts in one call; the events go to
 * that frame only, and unsubscribing stops the work.
 */
export const streams = {
  ...chatStreams,
};
export type Streams = typeof streams;
export type StreamName = keyof Streams & string;

/** Main -> every window: broadcasts that are not part of any one stream. */
export interface EventMap
  extends ChatEvents, VideoEvents, MediaEvents, JudgeBatchEvents, JudgeCaseEvents, EvalEvents {
  'log.changed': LogEntry;
  'app.notice': StorageNotice;
}
export type EventName = keyof EventMap & string;

/** The object the preload (or browser mode's bridge) puts on `window.gatehouse`. */
export interface GatehouseApi {
  invoke: Invoke<Routes>;
  on<K extends EventName>(event: K, listener: (payload: EventMap[K]) => void): () => void;
  subscribe: Subscribe<Streams>;
  /** Stops listening to a stream; main aborts the work behind it. */
  unsubscribe(streamId: string): void;
}
