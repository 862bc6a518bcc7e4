import type { Handlers } from '../handler-types';
import type { evalExportRoutes } from '../../../src-shared/ipc/routes/eval-export-routes';
import type { AppServices } from '../services';

/** An eval run's files (docs/architecture.md, "Evals"). */
export function evalExportHandlers(s: AppServices): Handlers<typeof evalExportRoutes> {
  return {
    'evals.runs.export': ({ runId, format, rawCsv }, ctx) =>
      s.evalResults.export(runId, format, { raw: rawCsv }, ctx.signal),
    'evals.runs.report': ({ runId, language }, ctx) => s.evalReports.save(runId, language, ctx.signal),
  };
}
