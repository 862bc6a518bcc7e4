import { z } from 'zod';
import { route } from '../define-route';
import type { LogEntry } from '../../log/log-entry';

export const logRoutes = {
  'log.list': route<LogEntry[]>()(z.object({})),
  'log.clear': route<null>()(z.object({})),
  'log.curl': route<string>()(z.object({ id: z.number().int() })),
  /** An entry's request body as sent, whole when main still keeps it (for "View code"). */
  'log.requestBody': route<{ text: string; whole: boolean } | null>()(z.object({ id: z.number().int() })),
  /** The session's log as HAR 1.2 text, keys redacted, for the window to offer as a download. */
  'log.har': route<string>()(z.object({})),
};
