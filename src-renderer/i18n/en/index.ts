import { enCore } from './core';
import { media } from './media';
import { settings } from './settings';
import { video } from './video';
import { enWorkbench } from './workbench';

/**
 * The whole English catalog: its keys are every key the window may ask for (`MessageKey`). The
 * window loads it in parts (core at start; the Media, Video, Settings and Judge tabs' strings
 * with their tab, i18n.ts `loadMessages`); a feature adds its own file to one of them.
 */
export const en = { ...enCore, ...media, ...video, ...settings, ...enWorkbench };
