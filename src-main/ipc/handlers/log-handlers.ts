import { toCurl } from '../../core/gateway/request-log';
import { AppFailure } from '../../../src-shared/result';
import type { Handlers } from '../handler-types';
import type { logRoutes } from '../../../src-shared/ipc/routes/log-routes';
import type { AppServices } from '../services';

export function logHandlers(s: AppServices): Handlers<typeof logRoutes> {
  return {
    'log.list': () => s.log.list(),
    'log.clear': () => {
      s.log.clear();
      return null;
    },
    'log.requestBody': ({ id }) => {
      const entry = s.log.get(id);
      if (entry?.requestBody === undefined) return null;
      const text = s.log.fullBody(id)?.text ?? entry.requestBody;
      return { text, whole: Buffer.byteLength(text) === entry.requestBytes };
    },
    'log.har': () => s.log.toHar(s.env.version),
    'log.curl': ({ id }) => {
      const entry = s.log.get(id);
      if (!entry)
        throw new AppFailure({ code: 'not_found', message: 'That log entry is gone (the log was cleared).' });
      return toCurl(entry, s.log.fullBody(id));
    },
  };
}
