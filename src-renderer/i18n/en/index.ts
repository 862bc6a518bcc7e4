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

/** The English catalog. A feature adds its own file and spreads it in here. */
export const en = {
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
