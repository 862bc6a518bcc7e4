import { chat } from './chat';
import { chatFormats } from './chatFormats';
import { chatAttachments } from './chatAttachments';
import { common } from './common';
import { log } from './log';
import { request } from './request';

/**
 * The strings the window needs from its first screen (docs/architecture.md, "The window"): the
 * shell, the Chat tab, the request log and previews. The other tabs' strings are parts of their
 * own (media.ts, video.ts, settings.ts, and workbench.ts for the Judge tab), each loaded with its
 * tab (i18n.ts, `loadMessages`).
 */
export const enCore = {
  ...common,
  ...chat,
  ...chatFormats,
  ...chatAttachments,
  ...log,
  ...request,
};

export type CoreKey = keyof typeof enCore;
