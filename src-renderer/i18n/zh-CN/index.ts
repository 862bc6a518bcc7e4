import type { Catalog } from '../i18n';
import { zhCore } from './core';
import { zhWorkbench } from './workbench';

/** The Simplified Chinese catalog: every key of the English one (the types and a test check it). */
export const zhCN: Catalog = { ...zhCore, ...zhWorkbench };
