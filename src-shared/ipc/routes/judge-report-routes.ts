import { route } from '../define-route';
import { reportInputSchema } from '../../judge/report-inputs';

/** Reports you can send: one HTML file, no outside assets (docs/architecture.md, "Reports"). */
export const judgeReportRoutes = {
  /**
   * A run's agreement or two runs' drift as a self-contained HTML file, through the save dialog;
   * resolves to where it was written, or null when the user cancelled.
   */
  'judge.report.save': route<string | null>()(reportInputSchema),
};
