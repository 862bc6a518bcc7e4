import type { Handlers } from '../handler-types';
import type { judgeCaseRoutes } from '../../../src-shared/ipc/routes/judge-case-routes';
import type { AppServices } from '../services';

export function judgeCaseHandlers(s: AppServices): Handlers<typeof judgeCaseRoutes> {
  return {
    'judge.cases.list': ({ setId, offset, limit, filter }) => s.cases.list(setId, offset, limit, filter),
    'judge.cases.count': ({ setId, filter }) => s.cases.count(setId, filter),
    'judge.cases.add': (input) => s.cases.add(input),
    'judge.cases.edit': (input) => s.cases.edit(input),
    'judge.cases.duplicate': ({ id }) => s.cases.duplicate(id),
    'judge.cases.delete': ({ ids }) => s.cases.delete(ids),
    'judge.cases.importPreview': (input) => s.cases.importPreview(input),
    'judge.cases.importConfirm': (input) => s.cases.importConfirm(input),
    'judge.cases.export': ({ setId, format, rawCsv }) => s.cases.export(setId, format, { raw: rawCsv }),
  };
}
