import type { PauseKind } from '../../../../src-shared/judge/batch-run';
import { t } from '../../../i18n/i18n';

/** An eval run's words for each kind of pause (drawn by `app/PauseNotice.tsx`). */
export function pauseHelp(kind: PauseKind): { title: string; next: string } {
  return { title: t(`evalRuns.pause.${kind}`), next: t(`evalRuns.pause.${kind}Next`) };
}
