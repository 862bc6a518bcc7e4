import { routes, type Routes, streams, type Streams } from '../../src-shared/ipc/contract';

import type { Handlers } from './handler-types';
import { appHandlers } from './handlers/app-handlers';
import { chatHandlers, chatStreamHandlers } from './handlers/chat-handlers';
import { judgeCaseHandlers } from './handlers/judge-case-handlers';
import { judgeHandlers } from './handlers/judge-handlers';
import { judgeBatchHandlers } from './handlers/judge-batch-handlers';
import { judgeAgreementHandlers } from './handlers/judge-agreement-handlers';
import { judgeBatchGridHandlers } from './handlers/judge-batch-grid-handlers';
import { judgeReportHandlers } from './handlers/judge-report-handlers';
import { evalHandlers } from './handlers/eval-handlers';
import { evalRunHandlers } from './handlers/eval-run-handlers';
import { evalStatsHandlers } from './handlers/eval-stats-handlers';
import { evalExportHandlers } from './handlers/eval-export-handlers';
import { logHandlers } from './handlers/log-handlers';
import { mediaHandlers } from './handlers/media-handlers';
import { settingsHandlers } from './handlers/settings-handlers';
import { videoHandlers } from './handlers/video-handlers';
import { createRouter, type SenderPolicy } from './router';
import type { AppServices } from './services';
import { createStreamRouter, type StreamHandlers } from './stream-router';

/** Every route's handler; the type makes a route without one a compile error. */
export function allHandlers(s: AppServices): Handlers<Routes> {
  return {
    ...appHandlers(s),
    ...settingsHandlers(s),
    ...chatHandlers(s),
    ...videoHandlers(s),
    ...logHandlers(s),
    ...mediaHandlers(s),
    ...judgeHandlers(s),
    ...judgeCaseHandlers(s),
    ...judgeBatchHandlers(s),
    ...judgeAgreementHandlers(s),
    ...judgeBatchGridHandlers(s),
    ...judgeReportHandlers(s),
    ...evalHandlers(s),
    ...evalRunHandlers(s),
    ...evalStatsHandlers(s),
    ...evalExportHandlers(s),
  };
}

export function createAppRouter(s: AppServices, senderPolicy: SenderPolicy, lifetime?: AbortSignal) {
  return createRouter(routes, allHandlers(s), senderPolicy, lifetime, s.env.dataDir);
}

/** Every stream route's handler, checked the same way. */
export function allStreamHandlers(s: AppServices): StreamHandlers<Streams> {
  return {
    ...chatStreamHandlers(s),
  };
}

export function createAppStreamRouter(s: AppServices, senderPolicy: SenderPolicy, lifetime?: AbortSignal) {
  return createStreamRouter(streams, allStreamHandlers(s), senderPolicy, s.streams, lifetime);
}
