import { enCore } from './core';
import { enWorkbench } from './workbench';

/**
 * The whole English catalog: its keys are every key the window may ask for (`MessageKey`). The
 * window loads it in two parts (core at start, the workbench with the Judge tab); a feature adds
 * its own file to one of them.
 */
export const en = { ...enCore, ...enWorkbench };
