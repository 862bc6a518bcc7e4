import type { CoreKey } from '../en/core';
import { chat } from './chat';
import { chatFormats } from './chatFormats';
import { chatAttachments } from './chatAttachments';
import { common } from './common';
import { request } from './request';

/**
 * The strings the window needs from its first screen (docs/architecture.md, "The window"). The
 * other tabs' strings are parts of their own, each loaded with its tab (i18n.ts, `loadMessages`).
 */
export const zhCore: Record<CoreKey, string> = {
  ...common,
  ...chat,
  ...chatFormats,
  ...chatAttachments,
  ...request,
};
