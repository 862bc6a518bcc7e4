import { memo } from 'react';
import type { EvalCellSummary } from '../../../../src-shared/evals/eval-run-views';
import { formatNumber, t } from '../../../i18n/i18n';
import { cellSpread, chipValue, samplePassed } from './cell-spread';
import { msText, yuanText } from './figure-text';

function Checks({ cell }: { cell: EvalCellSummary }) {
  const passed = samplePassed(cell);
  if (passed === undefined) return null;
  return (
    <span className={passed ? 'chip chip-pass' : 'chip chip-fail'}>
      {passed
        ? t('evalRuns.cell.checksPass', { n: cell.checks.pass })
        : t('evalRuns.cell.checksFail', { n: cell.checks.fail })}
    </span>
  );
}

function Mark({ mark }: { mark: EvalCellSummary['mark'] }) {
  if (!mark) return null;
  return (
    <span className={mark === 'good' ? 'chip chip-good' : 'chip chip-bad'}>
      {t(mark === 'good' ? 'evalRuns.mark.goodShort' : 'evalRuns.mark.badShort')}
    </span>
  );
}

/** One sample: its reply's start, the grader's chips, the checks, latency, tokens, cost. */
function OneSample({ cell }: { cell: EvalCellSummary }) {
  return (
    <>
      {cell.state === 'failed' ? (
        <span className="matrix-reply matrix-error">
          {t('evalRuns.cell.failed', { code: cell.errorCode ?? '—' })}
        </span>
      ) : (
        <span className="matrix-reply">{cell.replyPreview ?? ''}</span>
      )}
      <span className="matrix-chips">
        <Mark mark={cell.mark} />
        <Checks cell={cell} />
        {(cell.grades ?? []).map((g) => (
          <span key={g.name} className="chip">
            {g.name}: {chipValue(g)}
          </span>
        ))}
        {cell.similarity !== undefined ? (
          <span className="chip">{t('evalRuns.cell.similarity', { v: cell.similarity.toFixed(2) })}</span>
        ) : null}
      </span>
      <span className="matrix-meta muted">
        {msText(cell.latencyMs)}
        {cell.tokensIn !== undefined || cell.tokensOut !== undefined
          ? ` · ${t('evalRuns.cell.tokens', { in: formatNumber(cell.tokensIn ?? 0), out: formatNumber(cell.tokensOut ?? 0) })}`
          : ''}
        {cell.costYuan !== undefined ? ` · ${yuanText(cell.costYuan)}` : ''}
        {cell.fromCache ? ` · ${t('evalRuns.cell.cached')}` : ''}
      </span>
    </>
  );
}

/** Several samples: how many passed and each score's range, then the first reply's start. */
function Spread({ samples, repeats }: { samples: EvalCellSummary[]; repeats: number }) {
  const s = cellSpread(samples);
  const first = samples.find((c) => c.state === 'done');
  return (
    <>
      <span className="matrix-reply">{first?.replyPreview ?? ''}</span>
      <span className="matrix-chips">
        {s.checked > 0 ? (
          <span className={s.passed === s.checked ? 'chip chip-pass' : 'chip chip-fail'}>
            {t('evalRuns.cell.passedOf', { k: s.passed, n: s.checked })}
          </span>
        ) : null}
        {s.scores.map((r) => (
          <span key={r.name} className="chip">
            {r.min === r.max ? `${r.name}: ${r.min}` : `${r.name}: ${r.min}–${r.max}`}
          </span>
        ))}
        {s.nouls.map((r) => (
          <span key={r.name} className="chip">
            {t('evalRuns.cell.yesOf', { name: r.name, k: r.yes, n: r.of })}
          </span>
        ))}
      </span>
      <span className="matrix-meta muted">
        {t('evalRuns.cell.samples', { n: s.samples, of: repeats })}
        {s.failed > 0 ? ` · ${t('evalRuns.cell.samplesFailed', { n: s.failed })}` : ''}
      </span>
    </>
  );
}

/** A matrix cell: nothing yet, one sample, or the spread of its repeats. */
export const MatrixCell = memo(function MatrixCell({
  samples,
  repeats,
}: {
  samples: EvalCellSummary[];
  repeats: number;
}) {
  if (samples.length === 0) return <span className="matrix-reply muted">{t('evalRuns.cell.pending')}</span>;
  if (repeats <= 1) return <OneSample cell={samples[0]} />;
  return <Spread samples={samples} repeats={repeats} />;
});
