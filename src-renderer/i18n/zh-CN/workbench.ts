import type { WorkbenchKey } from '../en/workbench';
import { judgeAgreement } from './judgeAgreement';
import { judgeCases } from './judgeCases';
import { judgeRuns } from './judgeRuns';
import { judgeSetCode } from './judgeSetCode';

/** The judge workbench's views (test cases, batch runs, agreement, drift, code): loaded with the Judge tab. */
export const zhWorkbench: Record<WorkbenchKey, string> = {
  ...judgeCases,
  ...judgeSetCode,
  ...judgeAgreement,
  ...judgeRuns,
};
