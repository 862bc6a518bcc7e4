import type { BatchRunState, PauseReason } from '../../../../src-shared/judge/batch-run';
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

/** Why the run paused itself, and what to do about it. */
export function pauseHelp(reason: PauseReason): { title: string; next: string } {
  if (reason.status === 402)
    return {
      title: t('runs.pause.balance'),
      next: t('runs.pause.balanceNext', { reserve: formatYuan(JUDGE_RESERVATION_YUAN, 3) }),
    };
  if (reason.status === 401) return { title: t('runs.pause.key'), next: t('runs.pause.keyNext') };
  return { title: t('runs.pause.other'), next: t('runs.pause.otherNext') };
}
