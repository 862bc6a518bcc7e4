import type { Handlers } from '../handler-types';
import type { judgeBatchRoutes } from '../../../src-shared/ipc/routes/judge-batch-routes';
import type { AppServices } from '../services';

export function judgeBatchHandlers(s: AppServices): Handlers<typeof judgeBatchRoutes> {
  const b = s.judgeBatch;
  return {
    'judge.batch.create': async (input) => b.get((await b.create(input)).id),
    'judge.batch.estimate': ({ id, concurrency }, ctx) => b.estimate(id, concurrency, ctx.signal),
    'judge.batch.start': ({ id, concurrency }) => b.start(id, concurrency),
    'judge.batch.pause': ({ id }) => b.pause(id),
    'judge.batch.resume': ({ id, concurrency }) => b.resume(id, concurrency),
    'judge.batch.cancel': ({ id }) => b.cancel(id),
    'judge.batch.retryCase': ({ id, caseId }) => b.retryCase(id, caseId),
    'judge.batch.list': ({ setId }) => b.list(setId),
    'judge.batch.get': ({ id }) => b.get(id),
    'judge.batch.results': ({ id, offset, limit, status }) => b.results(id, offset, limit, status),
    'judge.batch.export': ({ id, format, rawCsv }, ctx) =>
      s.judgeRunViews.export(id, format, { raw: rawCsv }, ctx.signal),
  };
}
