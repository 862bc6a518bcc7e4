import type { Handlers } from '../handler-types';
import type { appRoutes } from '../../../src-shared/ipc/routes/app-routes';
import type { AppServices } from '../services';

export function appHandlers(s: AppServices): Handlers<typeof appRoutes> {
  return {
    'app.info': () => ({
      mode: s.env.mode,
      version: s.env.version,
      platform: process.platform,
      dataDir: s.env.dataDir,
    }),
    'app.notices': () => s.env.notices.list(),
  };
}
