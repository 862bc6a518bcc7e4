import type { BatchRunState, PauseKind } from '../../../../src-shared/judge/batch-run';
import { JUDGE_RESERVATION_YUAN } from '../../../../src-shared/judge/judge-estimate';
import { t } from '../../../i18n/i18n';
import { formatYuan } from '../format';

export function stateLabel(state: BatchRunState): string {
  return t(`runs.state.${state}`);
}

/** Milliseconds as "1 h 4 min", "3 min 20 s" or "12 s". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s >= 3600) return t('runs.duration.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  if (s >= 60) return t('runs.duration.minutes', { m: Math.floor(s / 60), s: s % 60 });
  return t('runs.duration.seconds', { s });
}

/** A batch run's words for each kind of pause (drawn by `app/PauseNotice.tsx`). */
export function pauseHelp(kind: PauseKind): { title: string; next: string } {
  if (kind === 'balance')
    return {
      title: t('runs.pause.balance'),
      next: t('runs.pause.balanceNext', { reserve: formatYuan(JUDGE_RESERVATION_YUAN, 3) }),
    };
  return { title: t(`runs.pause.${kind}`), next: t(`runs.pause.${kind}Next`) };
}
