import type { ColumnStats } from '../../../../src-shared/evals/stats/column-stats';
import { formatNumber, t } from '../../../i18n/i18n';
import { meanText, msText, rateText, yuanText } from './figure-text';
import type { MatrixColumn } from './matrix-columns';

/** The largest shares of a choice question the header has room for. */
const CHOICES_SHOWN = 2;

/**
 * A column's header: its name, then its figures from evals.runs.stats, each with its 95 %
 * interval — the checks' pass rate, each noul question's yes rate, each score's mean, a choice's
 * largest shares — then p50 / p95 latency and cost.
 */
export function ColumnHeader({
  column,
  stats,
  loading,
}: {
  column: MatrixColumn;
  stats: ColumnStats | undefined;
  loading: boolean;
}) {
  return (
    <>
      <strong className="matrix-colname" title={column.label}>
        {column.label}
      </strong>
      {!stats ? (
        <span className="muted">{loading ? t('evalRuns.stats.loading') : '—'}</span>
      ) : (
        <span className="matrix-figures">
          {stats.checks.estimate !== undefined ? (
            <span>
              {t('evalRuns.stats.checks')} <b>{rateText(stats.checks)}</b>
            </span>
          ) : null}
          {stats.questions.map((q) => (
            <span key={q.name}>
              {q.name}{' '}
              <b>
                {q.kind === 'noul'
                  ? rateText(q.passRate)
                  : q.kind === 'score'
                    ? meanText(q.mean)
                    : [...q.shares]
                        .sort((x, y) => (y.share.estimate ?? 0) - (x.share.estimate ?? 0))
                        .slice(0, CHOICES_SHOWN)
                        .map((s) => `${s.option} ${rateText(s.share)}`)
                        .join(' · ')}
              </b>
            </span>
          ))}
          <span className="muted">
            {t('evalRuns.stats.latency', { p50: msText(stats.latency.p50), p95: msText(stats.latency.p95) })}{' '}
            ·{' '}
            {stats.cost.total === null
              ? t('evalRuns.stats.costUnknown')
              : t('evalRuns.stats.cost', { total: yuanText(stats.cost.total) })}
          </span>
          <span className="muted">
            {t('evalRuns.stats.rows', { n: formatNumber(stats.rows) })}
            {stats.errored > 0 ? ` · ${t('evalRuns.stats.errored', { n: formatNumber(stats.errored) })}` : ''}
          </span>
        </span>
      )}
    </>
  );
}
