import { judgeAgreement } from './judgeAgreement';
import { judgeCases } from './judgeCases';
import { judgeRuns } from './judgeRuns';
import { judgeSetCode } from './judgeSetCode';

/** The judge workbench's views (test cases, batch runs, agreement, drift, code): loaded with the Judge tab. */
export const enWorkbench = {
  ...judgeCases,
  ...judgeSetCode,
  ...judgeAgreement,
  ...judgeRuns,
};

export type WorkbenchKey = keyof typeof enWorkbench;
