import type { Handlers } from '../handler-types';
import type { judgeAgreementRoutes } from '../../../src-shared/ipc/routes/judge-agreement-routes';
import type { AppServices } from '../services';

export function judgeAgreementHandlers(s: AppServices): Handlers<typeof judgeAgreementRoutes> {
  return {
    'judge.batch.agreement': ({ id }) => s.judgeAgreement.agreement(id),
    'judge.batch.drift': (input) => s.judgeAgreement.drift(input),
  };
}
