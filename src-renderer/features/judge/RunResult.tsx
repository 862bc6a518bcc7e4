import type { JudgeAnswer } from '../../../src-shared/judge/judge-answers';
import { JUDGE_MODELS } from '../../../src-shared/judge/judge-estimate';
import { formatDateTime, formatNumber, t } from '../../i18n/i18n';
import { AnswerCard } from './AnswerCharts';
import { useTuningInForce } from './agreement/use-set-tuning';
import { thresholdFor } from '../../../src-shared/judge/set-tuning';
import { formatYuan } from './format';
import { type OpenRun, useJudge } from './judge-store';

function prettyRaw(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

export function RunResult({ open, compact = false }: { open: OpenRun; compact?: boolean }) {
  const { run, questions } = open;
  const answers = run.answers as unknown as JudgeAnswer[];
  const moved = run.modelAnswered !== undefined && run.modelAnswered !== run.modelAsked;
  // A noul reads at the set's saved threshold here too, as in the results grid and the exports.
  const tuning = useTuningInForce(run.setId);
  return (
    <section
      className="judge-result"
      aria-label={t('judge.result.title', { time: formatDateTime(run.createdAt) })}
    >
      <dl className="judge-meta card">
        <div>
          <dt>{t('judge.result.modelAnswered')}</dt>
          <dd>{run.modelAnswered ?? t('judge.result.notReported')}</dd>
        </div>
        <div>
          <dt>{t('judge.result.modelAsked')}</dt>
          <dd>{run.modelAsked}</dd>
        </div>
        <div>
          <dt>{t('judge.result.inputTokens')}</dt>
          <dd>
            {(run.usage.inputTokens === undefined ? undefined : formatNumber(run.usage.inputTokens)) ?? '—'}
          </dd>
        </div>
        <div>
          <dt>{t('judge.result.outputTokens')}</dt>
          <dd>
            {(run.usage.outputTokens === undefined ? undefined : formatNumber(run.usage.outputTokens)) ?? '—'}
          </dd>
        </div>
        <div>
          <dt>{t('judge.result.cost')}</dt>
          <dd>{run.costYuan !== undefined ? formatYuan(run.costYuan) : '—'}</dd>
        </div>
        <div>
          <dt>{t('judge.result.latency')}</dt>
          <dd>{t('judge.result.ms', { ms: run.latencyMs })}</dd>
        </div>
        {run.requestId ? (
          <div>
            <dt>{t('judge.result.requestId')}</dt>
            <dd>
              <code>{run.requestId}</code>
            </dd>
          </div>
        ) : null}
        {run.extra ? (
          <div>
            <dt>{t('extra.title')}</dt>
            <dd>
              <code>{JSON.stringify(run.extra)}</code>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('judge.result.revision')}</dt>
          <dd>
            <button
              type="button"
              className="linklike"
              onClick={() => useJudge.getState().viewRevision(run.setId, run.setRevision)}
              aria-label={t('judge.result.viewRevision', { revision: run.setRevision })}
            >
              {t('judge.result.revisionN', { revision: run.setRevision })}
            </button>
          </dd>
        </div>
      </dl>
      {moved ? (
        <div className="notice notice-warn judge-moved" role="note">
          {run.modelAsked.startsWith('judge-') && /latest|preview/.test(run.modelAsked)
            ? t('judge.result.aliasMoved', {
                asked: run.modelAsked,
                answered: run.modelAnswered ?? '',
                pinned: JUDGE_MODELS[0],
              })
            : t('judge.result.modelDiffers', { asked: run.modelAsked, answered: run.modelAnswered ?? '' })}
        </div>
      ) : null}
      {compact ? (
        <p className="small-note muted judge-run-state">
          {t('judge.result.state')}: {run.state.text.slice(0, 200)}
        </p>
      ) : null}
      <div className={compact ? 'judge-answers compact' : 'judge-answers'}>
        {answers.map((a) => (
          <AnswerCard
            key={a.name}
            answer={a}
            question={questions.find((q) => q.name === a.name)}
            instructions={questions.find((q) => q.name === a.name)?.instructions}
            threshold={thresholdFor(tuning, a.name)}
          />
        ))}
      </div>
      {run.extraAnswers && run.extraAnswers.length > 0 ? (
        <section className="card judge-extra" aria-label={t('judge.result.extra')}>
          <h4>{t('judge.result.extra')}</h4>
          <p className="small-note muted">{t('judge.result.extraHelp')}</p>
          <dl>
            {run.extraAnswers.map((x) => (
              <div key={x.name}>
                <dt>
                  <code>{x.name}</code>
                </dt>
                <dd>
                  <code>{x.raw}</code>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <details className="judge-raw">
        <summary>{t('judge.result.raw')}</summary>
        <pre aria-label={t('judge.result.raw')}>{prettyRaw(run.raw)}</pre>
      </details>
    </section>
  );
}
