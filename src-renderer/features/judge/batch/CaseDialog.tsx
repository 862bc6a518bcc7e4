import { useEffect, useRef } from 'react';
import type { BatchGridCase } from '../../../../src-shared/judge/batch-grid';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { useRoute } from '../../../hooks/use-route';
import { t } from '../../../i18n/i18n';
import { RunResult } from '../RunResult';
import { decisionText } from '../format';
import { ReviewPanel } from './ReviewPanel';

function expectedText(q: Question, label: BatchGridCase['labels'][string]): string {
  if (label === undefined) return t('runs.case.noLabel');
  if (q.type === 'score' && typeof label === 'number') return `${label + 1} · ${q.levels[label] ?? ''}`;
  return decisionText(label);
}

/** One case of a run in the single-run charts view, beside what it was expected to say. */
export function CaseDialog({
  runId,
  caseId,
  onClose,
}: {
  runId: string;
  caseId: string;
  onClose: () => void;
}) {
  const opened = useRoute('judge.batch.gridCase', { id: runId, caseId });
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  const c = opened.data;
  const questions = c?.questions ?? [];
  return (
    <div className="runs-dialog-backdrop" onClick={onClose}>
      <div
        className="runs-dialog card"
        role="dialog"
        aria-modal="true"
        aria-label={t('runs.case.title', { n: c ? c.position + 1 : '' })}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <div className="row runs-dialog-head">
          <h3 className="grow">{t('runs.case.title', { n: c ? c.position + 1 : '' })}</h3>
          <button ref={close} type="button" className="ghost small" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        {opened.error ? <ErrorNotice error={opened.error.error} /> : null}
        {!c && !opened.error ? <p className="muted">{t('runs.grid.loading')}</p> : null}
        {c ? (
          <>
            {c.note ? <p className="small-note muted">{c.note}</p> : null}
            {questions.length > 0 ? (
              <section className="card" aria-label={t('runs.case.expected')}>
                <h4>{t('runs.case.expected')}</h4>
                <dl className="runs-stats">
                  {questions.map((q) => (
                    <div key={q.name}>
                      <dt>{q.name}</dt>
                      <dd>{expectedText(q, c.labels[q.name])}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ) : null}
            <ReviewPanel c={c} runId={runId} />
            {c.opened ? <RunResult open={c.opened} compact /> : null}
            {c.status === 'failed' ? (
              <div className="notice notice-error" role="status">
                <div>
                  <strong>{t('runs.case.failed')}</strong>
                  <div>{c.result?.error?.message}</div>
                </div>
              </div>
            ) : null}
            {c.status === 'pending' ? <p className="muted">{t('runs.case.pending')}</p> : null}
            {!c.opened ? (
              <pre className="runs-state-text" aria-label={t('judge.result.state')}>
                {c.state.text.slice(0, 4000)}
              </pre>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
