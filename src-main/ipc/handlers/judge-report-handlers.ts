import type { Handlers } from '../handler-types';
import type { judgeReportRoutes } from '../../../src-shared/ipc/routes/judge-report-routes';
import { RunReports } from '../../core/judge/report/run-report-service';
import type { AppServices } from '../services';

/** Reports built from the views' own agreement and drift (docs/architecture.md, "Reports"). */
export function judgeReportHandlers(s: AppServices): Handlers<typeof judgeReportRoutes> {
  const reports = new RunReports({
    agreement: (id, signal) => s.judgeRunViews.agreement(id, signal),
    drift: (input, signal) => s.judgeRunViews.drift(input, signal),
    setName: (setId) => s.judge.listSets().find((set) => set.id === setId)?.name,
    desktop: s.env.desktop,
    appVersion: s.env.version,
    now: s.env.now,
  });
  return {
    'judge.report.save': (input, ctx) => reports.save(input, ctx.signal),
  };
}
