import { route } from '../define-route';
import type { RunAgreement, RunDrift } from '../../judge/run-agreement';
import { agreementInputSchema, driftInputSchema } from '../../judge/run-agreement-inputs';

/** How a batch run agrees with the labels, and how two runs of one set differ. */
export const judgeAgreementRoutes = {
  /** Per question of the run's revision: coverage and the metrics of its type, curves cut to a few hundred points. */
  'judge.batch.agreement': route<RunAgreement>()(agreementInputSchema),
  /** Per question B − A, decision shares, and a page of the cases whose decision flipped. */
  'judge.batch.drift': route<RunDrift>()(driftInputSchema),
};
