import { useEffect, useRef, useState } from 'react';
import type { EvalCellMark } from '../../../../src-shared/evals/eval-run-views';
import type { AppError } from '../../../../src-shared/result';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { ViewCode } from '../../../app/ViewCode';
import { useRoute, useRouteMutation } from '../../../hooks/use-route';
import { formatNumber, t } from '../../../i18n/i18n';
import { gradeLines } from './cell-grades';
import { msText, yuanText } from './figure-text';
import type { CellRef } from './MatrixGrid';
import { refreshCells, refreshStats } from './run-progress-store';

interface Props {
  runId: string;
  cell: CellRef;
  columnLabel: string;
  repeats: number;
  /** A cell can be sent again only while its run is not sending. */
  runSending: boolean;
  onClose: () => void;
}

function MarkButtons({
  mark,
  onMark,
  busy,
}: {
  mark?: EvalCellMark;
  onMark: (m: EvalCellMark | null) => void;
  busy: boolean;
}) {
  return (
    <div className="row" role="group" aria-label={t('evalRuns.mark.title')}>
      {(['good', 'bad'] as const).map((m) => (
        <button
          key={m}
          type="button"
          className={mark === m ? 'small pressed evalruns-toggle' : 'small evalruns-toggle'}
          aria-pressed={mark === m}
          disabled={busy}
          onClick={() => onMark(mark === m ? null : m)}
        >
          {t(m === 'good' ? 'evalRuns.mark.good' : 'evalRuns.mark.bad')}
        </button>
      ))}
      {mark ? (
        <button type="button" className="ghost small" disabled={busy} onClick={() => onMark(null)}>
          {t('evalRuns.mark.clear')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * One cell whole, in a side panel (Escape closes): the reply, each check with its reason, the
 * grades, the error with its next step, View code of the exact request, Retry, and the user's
 * good / bad mark. With repeats, each sample is picked in turn.
 */
export function CellDetail({ runId, cell, columnLabel, repeats, runSending, onClose }: Props) {
  const [sample, setSample] = useState(cell.sample);
  const key = { runId, row: cell.row, variantId: cell.variantId, targetId: cell.targetId, sample };
  const detail = useRoute('evals.runs.cell', key);
  const changed = () => {
    void detail.refetch();
    refreshCells(runId);
  };
  const mark = useRouteMutation('evals.runs.mark', ['evals.runs.stats'], changed);
  const retry = useRouteMutation('evals.runs.retryCell', [], () => {
    changed();
    refreshStats(runId);
  });
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), []);
  const d = detail.data;
  const c = d?.cell;
  const title = t('evalRuns.detail.title', { row: formatNumber(cell.row + 1), column: columnLabel });
  const error = mark.error ?? retry.error;
  return (
    <aside
      className="evalruns-detail card"
      role="dialog"
      aria-label={title}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="row evalruns-detail-head">
        <h3 className="grow">{title}</h3>
        <button ref={closeButton} type="button" className="ghost small" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      {repeats > 1 ? (
        <div className="row" role="group" aria-label={t('evalRuns.detail.samples')}>
          {Array.from({ length: repeats }, (_, i) => (
            <button
              key={i}
              type="button"
              className={i === sample ? 'small pressed evalruns-toggle' : 'small evalruns-toggle'}
              aria-pressed={i === sample}
              onClick={() => setSample(i)}
            >
              {t('evalRuns.detail.sample', { n: i + 1 })}
            </button>
          ))}
        </div>
      ) : null}
      {detail.error ? <ErrorNotice error={detail.error.error} /> : null}
      {!d && !detail.error ? <p className="muted">{t('evalRuns.detail.loading')}</p> : null}
      {d && c ? (
        <>
          <div className="row evalruns-detail-actions">
            <MarkButtons
              mark={d.mark}
              busy={mark.isPending}
              onMark={(m) => mark.mutate({ ...key, mark: m })}
            />
            {d.request ? (
              <ViewCode
                kind="chat"
                body={d.request.body as Record<string, unknown>}
                profileId={d.request.profileId}
              />
            ) : null}
            <button
              type="button"
              className="small"
              disabled={runSending || retry.isPending}
              title={runSending ? t('evalRuns.detail.retryWhileSending') : undefined}
              onClick={() => retry.mutate(key)}
            >
              {retry.isPending ? t('evalRuns.detail.retrying') : t('evalRuns.detail.retry')}
            </button>
          </div>
          {error ? <ErrorNotice error={error.error} /> : null}
          <p className="muted small-note">
            {[
              c.reply?.model ? t('evalRuns.detail.model', { model: c.reply.model }) : undefined,
              msText(c.latencyMs),
              c.tokensIn !== undefined || c.tokensOut !== undefined
                ? t('evalRuns.cell.tokens', {
                    in: formatNumber(c.tokensIn ?? 0),
                    out: formatNumber(c.tokensOut ?? 0),
                  })
                : undefined,
              c.costYuan !== undefined ? yuanText(c.costYuan) : undefined,
              c.reply?.fromCache ? t('evalRuns.cell.cached') : undefined,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {c.error ? <ErrorNotice error={c.error as AppError} /> : null}
          {c.reply ? (
            <section aria-label={t('evalRuns.detail.reply')}>
              <h4>{t('evalRuns.detail.reply')}</h4>
              <pre className="evalruns-reply">{c.reply.text}</pre>
            </section>
          ) : null}
          {c.checks && c.checks.length > 0 ? (
            <section aria-label={t('evalRuns.detail.checks')}>
              <h4>{t('evalRuns.detail.checks')}</h4>
              <ul className="evalruns-checks">
                {c.checks.map((k, i) => (
                  <li key={i} className={k.pass === true ? 'pass' : k.pass === false ? 'fail' : 'unknown'}>
                    <strong>
                      {k.pass === true
                        ? t('evalRuns.detail.pass')
                        : k.pass === false
                          ? t('evalRuns.detail.fail')
                          : t('evalRuns.detail.unchecked')}
                    </strong>{' '}
                    <code>{k.kind}</code> {k.reason}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {c.similarity !== undefined ? (
            <p>{t('evalRuns.cell.similarity', { v: c.similarity.toFixed(3) })}</p>
          ) : null}
          {c.grades && c.grades.length > 0 ? (
            <section aria-label={t('evalRuns.detail.grades')}>
              <h4>{t('evalRuns.detail.grades')}</h4>
              <dl className="evalruns-grades">
                {c.grades.map(gradeLines).map((g) => (
                  <div key={g.name}>
                    <dt>
                      {g.name}
                      {g.flagged ? (
                        <span className="chip chip-fail"> {t('evalRuns.detail.flagged')}</span>
                      ) : null}
                    </dt>
                    <dd>
                      <strong>{g.answer}</strong>
                      {g.bars.length > 0 ? <span className="muted"> · {g.bars.join(' · ')}</span> : null}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </>
      ) : null}
    </aside>
  );
}
