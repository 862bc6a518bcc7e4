import { chat } from './chat';
import { chatFormats } from './chatFormats';
import { chatAttachments } from './chatAttachments';
import { common } from './common';
import { request } from './request';

/**
 * The strings the window needs from its first screen (docs/architecture.md, "The window"): the
 * shell, the Chat tab and the request previews. The other tabs' strings are parts of their own
 * (media.ts, video.ts, settings.ts, and workbench.ts for the Judge tab), each loaded with its tab,
 * and the request log's (log.ts) with the log panel (i18n.ts, `loadMessages`).
 */
export const enCore = {
  ...common,
  ...chat,
  ...chatFormats,
  ...chatAttachments,
  ...request,
};

export type CoreKey = keyof typeof enCore;
