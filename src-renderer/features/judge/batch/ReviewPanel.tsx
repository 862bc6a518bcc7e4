import { useEffect, useState } from 'react';
import type { BatchGridCase } from '../../../../src-shared/judge/batch-grid';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { formatDateTime, t } from '../../../i18n/i18n';
import { decisionText } from '../format';
import { useReview } from './use-review';

/** A stored answer (by index) in words: a choice's option, a score's level, a noul's yes / no. */
function answerText(q: Question | undefined, value: number | boolean | undefined): string {
  if (value === undefined) return t('runs.case.noLabel');
  if (typeof value === 'boolean') return decisionText(value);
  if (q?.type === 'choice') return q.options[value]?.name ?? String(value);
  if (q?.type === 'score') return `${value + 1} · ${q.levels[value] ?? ''}`;
  return String(value);
}

/** The values a question's label can take, by index (a noul: true / false). */
function choicesOf(q: Question): { value: string; text: string }[] {
  if (q.type === 'noul') return [true, false].map((v) => ({ value: String(v), text: decisionText(v) }));
  const count = q.type === 'choice' ? q.options.length : q.levels.length;
  return Array.from({ length: count }, (_, i) => ({ value: String(i), text: answerText(q, i) }));
}

const parseValue = (v: string): number | boolean => (v === 'true' ? true : v === 'false' ? false : Number(v));

function CorrectLabel({ c, q, runId }: { c: BatchGridCase; q: Question; runId: string }) {
  const { correct, correctLabel } = useReview(runId);
  const stored = c.expected?.[q.name];
  const [value, setValue] = useState(stored === undefined ? '' : String(stored));
  useEffect(() => setValue(stored === undefined ? '' : String(stored)), [stored]);
  return (
    <div className="row">
      <label>
        {t('runs.review.correctQuestion', { question: q.name })}
        <select value={value} onChange={(e) => setValue(e.target.value)}>
          {stored === undefined ? <option value="">{t('runs.case.noLabel')}</option> : null}
          {choicesOf(q).map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="small"
        aria-label={t('runs.review.applyCorrectionOf', { question: q.name })}
        disabled={correct.isPending || value === '' || value === String(stored)}
        onClick={() => correctLabel(c.caseId, q.name, parseValue(value))}
      >
        {t('runs.review.applyCorrection')}
      </button>
    </div>
  );
}

/**
 * The user's review of one case of a run (docs/architecture.md, "Review in the results"): agree /
 * disagree with the judge, a comment, and the case's labels corrected in place with their history.
 */
export function ReviewPanel({ c, runId }: { c: BatchGridCase; runId: string }) {
  const { mark, correct, setMark } = useReview(runId);
  const [comment, setComment] = useState(c.review?.comment ?? '');
  useEffect(() => setComment(c.review?.comment ?? ''), [c.review?.comment]);
  const verdict = c.review?.verdict;
  const judged = c.status !== 'pending';
  const byName = new Map(c.questions.map((q) => [q.name, q]));
  return (
    <section className="card review-panel" aria-label={t('runs.review.title')}>
      <h4>{t('runs.review.title')}</h4>
      {judged ? (
        <>
          <div className="row" role="group" aria-label={t('runs.review.title')}>
            {(['agree', 'disagree'] as const).map((v) => (
              <button
                key={v}
                type="button"
                className="ghost small"
                aria-pressed={verdict === v}
                disabled={mark.isPending}
                onClick={() => setMark(c.caseId, verdict === v ? null : v, undefined)}
              >
                {t(v === 'agree' ? 'runs.review.agree' : 'runs.review.disagree')}
              </button>
            ))}
          </div>
          <label>
            {t('runs.review.comment')}
            <textarea value={comment} maxLength={2000} onChange={(e) => setComment(e.target.value)} />
          </label>
          <div className="row">
            <button
              type="button"
              className="small"
              disabled={mark.isPending || comment.trim() === (c.review?.comment ?? '')}
              onClick={() => setMark(c.caseId, undefined, comment)}
            >
              {t('runs.review.saveComment')}
            </button>
          </div>
        </>
      ) : (
        <p className="muted small-note">{t('runs.review.notJudged')}</p>
      )}
      {mark.error ? <ErrorNotice error={mark.error.error} /> : null}
      {c.expected ? (
        <>
          <h4>{t('runs.review.correct')}</h4>
          {c.questions.map((q) => (
            <CorrectLabel key={q.name} c={c} q={q} runId={runId} />
          ))}
          {correct.error ? <ErrorNotice error={correct.error.error} /> : null}
          <h4>{t('runs.review.history')}</h4>
          {c.labelEdits.length === 0 ? (
            <p className="muted small-note">{t('runs.review.noHistory')}</p>
          ) : (
            <ul className="review-history">
              {c.labelEdits.map((e) => (
                <li key={e.id}>
                  {t('runs.review.historyEntry', {
                    question: e.question,
                    before: answerText(byName.get(e.question), e.before),
                    after: answerText(byName.get(e.question), e.after),
                    who: e.who,
                    date: formatDateTime(e.at),
                  })}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
