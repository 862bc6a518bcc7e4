import { routes, type Routes } from '../../src-shared/ipc/contract';
import type { Handlers } from '../../src-shared/ipc/define-route';
import { appHandlers } from './handlers/app-handlers';
import { chatHandlers } from './handlers/chat-handlers';
import { judgeHandlers } from './handlers/judge-handlers';
import { logHandlers } from './handlers/log-handlers';
import { mediaHandlers } from './handlers/media-handlers';
import { settingsHandlers } from './handlers/settings-handlers';
import { videoHandlers } from './handlers/video-handlers';
import { createRouter, type SenderPolicy } from './router';
import type { AppServices } from './services';

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
  };
}

export function createAppRouter(s: AppServices, senderPolicy: SenderPolicy) {
  return createRouter(routes, allHandlers(s), senderPolicy);
}
