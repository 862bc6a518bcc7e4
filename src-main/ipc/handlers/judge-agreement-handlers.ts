import type { Handlers } from '../handler-types';
import type { judgeAgreementRoutes } from '../../../src-shared/ipc/routes/judge-agreement-routes';
import type { AppServices } from '../services';

export function judgeAgreementHandlers(s: AppServices): Handlers<typeof judgeAgreementRoutes> {
  return {
    'judge.batch.agreement': ({ id }, ctx) => s.judgeRunViews.agreement(id, ctx.signal),
    'judge.batch.drift': (input, ctx) => s.judgeRunViews.drift(input, ctx.signal),
  };
}
