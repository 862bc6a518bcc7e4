import type { Catalog } from '../i18n';
import { chat } from './chat';
import { common } from './common';
import { judge } from './judge';
import { judgeCases } from './judgeCases';
import { judgeSetCode } from './judgeSetCode';
import { judgeAgreement } from './judgeAgreement';
import { judgeRuns } from './judgeRuns';
import { log } from './log';
import { media } from './media';
import { request } from './request';
import { settings } from './settings';
import { video } from './video';

/** The Simplified Chinese catalog: every key of the English one (the types and a test check it). */
export const zhCN: Catalog = {
  ...common,
  ...chat,
  ...video,
  ...settings,
  ...log,
  ...judge,
  ...judgeCases,
  ...judgeSetCode,
  ...judgeAgreement,
  ...judgeRuns,
  ...media,
  ...request,
};
