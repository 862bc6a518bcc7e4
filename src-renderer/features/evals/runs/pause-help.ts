import type { PauseReason } from '../../../../src-shared/judge/batch-run';
import { t } from '../../../i18n/i18n';

/**
 * Why a run paused by itself and the user's next step, in the window's language (the reasons are
 * the batch runner's: src-main/core/judge/batch/batch-errors.ts `pauseReasonOf`). A pause the
 * user asked for has no reason.
 */
export function pauseHelp(reason: PauseReason): { title: string; next: string } {
  switch (reason.code) {
    case 'payment_required':
      return { title: t('evalRuns.pause.balance'), next: t('evalRuns.pause.balanceNext') };
    case 'unauthorized':
    case 'no_key':
      return { title: t('evalRuns.pause.key'), next: t('evalRuns.pause.keyNext') };
    case 'network':
      return { title: t('evalRuns.pause.network'), next: t('evalRuns.pause.networkNext') };
    default:
      return { title: t('evalRuns.pause.other'), next: t('evalRuns.pause.otherNext') };
  }
}
