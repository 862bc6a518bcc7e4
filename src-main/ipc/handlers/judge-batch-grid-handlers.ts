import type { Handlers } from '../handler-types';
import type { judgeBatchGridRoutes } from '../../../src-shared/ipc/routes/judge-batch-grid-routes';
import type { AppServices } from '../services';

export function judgeBatchGridHandlers(s: AppServices): Handlers<typeof judgeBatchGridRoutes> {
  return {
    'judge.batch.grid': (input, ctx) => s.judgeRunViews.gridPage(input, ctx.signal),
    'judge.batch.gridCase': ({ id, caseId }, ctx) => s.judgeRunViews.gridCase(id, caseId, ctx.signal),
    'judge.batch.mark': (input) => s.judgeReview.mark(input) ?? null,
    'judge.batch.correctLabel': (input) => s.judgeReview.correctLabel(input).edits,
  };
}
