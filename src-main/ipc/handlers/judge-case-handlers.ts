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
    'judge.cases.upload.start': (input, ctx) => s.caseUploads.start(input, ctx.signal),
    'judge.cases.upload.chunk': (input) => s.caseUploads.chunk(input),
    'judge.cases.upload.discard': ({ uploadId }) => s.caseUploads.discard(uploadId),
    'judge.cases.importPreview': (input, ctx) => s.cases.previewUpload(input, ctx.signal),
    'judge.cases.importConfirm': (input, ctx) => s.cases.confirmUpload(input, ctx.signal),
    'judge.cases.export': ({ setId, format, rawCsv }) => s.cases.export(setId, format, { raw: rawCsv }),
  };
}
