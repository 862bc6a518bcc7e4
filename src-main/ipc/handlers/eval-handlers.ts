import type { Handlers } from '../handler-types';
import type { evalRoutes } from '../../../src-shared/ipc/routes/eval-routes';
import type { EvalRecord } from '../../../src-shared/evals/eval-definition';
import { AppFailure } from '../../../src-shared/result';
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
    'evals.rows.update': ({ id, position, variables, expected }) => {
      rowFitsDataset(s.evals.get(id), variables, expected);
      const row = s.evalRows.updateRow(id, position, {
        variables,
        ...(expected ? { expected } : {}),
      });
      if (!row)
        throw new AppFailure({ code: 'not_found', message: `position: the eval has no row ${position}` });
      return row;
    },
  };
}

/**
 * A row holds a value for every column of the dataset and nothing else (the templates fill from
 * them), and an expected value only when the dataset has an expected column.
 */
function rowFitsDataset(e: EvalRecord, variables: Record<string, string>, expected?: string): void {
  const { columns, expectedColumn } = e.dataset;
  const issues: { path: string; message: string }[] = [];
  const names = (list: string[]) => list.map((c) => `“${c}”`).join(', ');
  const missing = columns.filter((c) => !(c in variables));
  const extra = Object.keys(variables).filter((c) => !columns.includes(c));
  if (missing.length > 0)
    issues.push({
      path: 'variables',
      message: `must hold every column of the dataset: ${names(missing)} missing`,
    });
  if (extra.length > 0)
    issues.push({
      path: 'variables',
      message: `must hold only the dataset's columns: ${names(extra)} is not one`,
    });
  if (expected && !expectedColumn)
    issues.push({ path: 'expected', message: 'must be left out: the dataset has no expected column' });
  if (issues.length > 0)
    throw new AppFailure({
      code: 'invalid_input',
      message: issues.map((i) => `${i.path}: ${i.message}`).join('; '),
      details: { issues },
    });
}
