import type { Handlers } from '../handler-types';
import type { evalRoutes } from '../../../src-shared/ipc/routes/eval-routes';
import type { AppServices } from '../services';

export function evalHandlers(s: AppServices): Handlers<typeof evalRoutes> {
  return {
    'evals.list': () => s.evals.list(),
    'evals.get': ({ id }) => s.evals.get(id),
    'evals.create': ({ spec }) => s.evals.create(spec),
    'evals.update': ({ id, spec }) => s.evals.update(id, spec),
    'evals.delete': ({ id }) => (s.evals.delete(id), null),
    'evals.exportFile': ({ id }) => s.evals.exportFile(id),
    'evals.importFile': ({ text }) => s.evals.importFile(text),
    'evals.rows.page': ({ id, from, limit }) => s.evals.rowsPage(id, from, limit),
    'evals.rows.importPreview': (input, ctx) => s.evalRowsImport.preview(input, ctx.signal),
    'evals.rows.importConfirm': (input, ctx) => s.evalRowsImport.confirm(input, ctx.signal),
  };
}
