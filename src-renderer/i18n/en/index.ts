import { enCore } from './core';
import { errors } from './errors';
import { evalRuns } from './evalRuns';
import { evals } from './evals';
import { log } from './log';
import { media } from './media';
import { settings } from './settings';
import { video } from './video';
import { enWorkbench } from './workbench';

/**
 * The whole English catalog: its keys are every key the window may ask for (`MessageKey`). The
 * window loads it in parts (core at start; the Media, Video, Settings and Judge tabs' strings
 * with their tab, the request log's with its panel, the errors' with the error notice, i18n.ts
 * `loadMessages`); a feature adds its own file to one of them.
 */
export const en = {
  ...enCore,
  ...errors,
  ...log,
  ...media,
  ...video,
  ...settings,
  ...enWorkbench,
  ...evals,
  ...evalRuns,
};
