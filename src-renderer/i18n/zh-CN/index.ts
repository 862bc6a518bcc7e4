import type { Catalog } from '../i18n';
import { zhCore } from './core';
import { errors } from './errors';
import { evalRuns } from './evalRuns';
import { evals } from './evals';
import { log } from './log';
import { media } from './media';
import { settings } from './settings';
import { video } from './video';
import { zhWorkbench } from './workbench';

/** The Simplified Chinese catalog: every key of the English one (the types and a test check it). */
export const zhCN: Catalog = {
  ...zhCore,
  ...errors,
  ...log,
  ...media,
  ...video,
  ...settings,
  ...zhWorkbench,
  ...evals,
  ...evalRuns,
};
