import { judge } from './judge';
import { judgeAgreement } from './judgeAgreement';
import { judgeCases } from './judgeCases';
import { judgeDriftStats } from './judgeDriftStats';
import { judgeReport } from './judgeReport';
import { judgeRuns } from './judgeRuns';
import { judgeSetCode } from './judgeSetCode';

/**
 * The Judge tab's strings: its set builder and runs, and the workbench's views (test cases, batch
 * runs, agreement, drift, code). Loaded with the Judge tab.
 */
export const enWorkbench = {
  ...judge,
  ...judgeCases,
  ...judgeSetCode,
  ...judgeAgreement,
  ...judgeDriftStats,
  ...judgeReport,
  ...judgeRuns,
};

export type WorkbenchKey = keyof typeof enWorkbench;
