import type { CoreKey } from '../en/core';
import { chat } from './chat';
import { chatFormats } from './chatFormats';
import { chatAttachments } from './chatAttachments';
import { common } from './common';
import { judge } from './judge';
import { log } from './log';
import { media } from './media';
import { request } from './request';
import { settings } from './settings';
import { video } from './video';

/**
 * The strings the window needs from its first screen (docs/architecture.md, "The window"). The
 * judge workbench's views have their own part (workbench.ts), loaded with the Judge tab.
 */
export const zhCore: Record<CoreKey, string> = {
  ...common,
  ...chat,
  ...chatFormats,
  ...chatAttachments,
  ...video,
  ...settings,
  ...log,
  ...judge,
  ...media,
  ...request,
};
