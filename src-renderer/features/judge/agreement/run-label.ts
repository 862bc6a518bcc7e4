import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import { formatWhen, t } from '../../../i18n/i18n';

/** A run as a picker lists it: the model, when it was made, its state and how far it got. */
export function runLabel(r: BatchRunView): string {
  return t('judge.agreement.runOption', {
    model: r.model,
    when: formatWhen(r.createdAt),
    state: t(`judge.agreement.state.${r.state}`),
    done: r.done + r.failed,
    total: r.totals.cases,
  });
}

/** Runs are listed newest first; a finished run is one that is done. */
export const finishedRuns = (runs: readonly BatchRunView[]) => runs.filter((r) => r.state === 'done');
