import { ErrorNotice } from '../../../app/ErrorNotice';
import { useRoute } from '../../../hooks/use-route';
import { formatNumber, t } from '../../../i18n/i18n';
import { durationText, yuanText } from './figure-text';

/**
 * What a new run of the eval would send, before Start (evals.runs.estimate): cells, the chat calls
 * the cache leaves, judge calls and their exact cost, embedding inputs, tokens. Chat and
 * embeddings prices are not known to the app: they read "unknown", never ¥0.
 */
export function RunEstimate({ evalId, concurrency }: { evalId: string; concurrency: number }) {
  const estimate = useRoute('evals.runs.estimate', { id: evalId, concurrency });
  const e = estimate.data;
  if (estimate.error) return <ErrorNotice error={estimate.error.error} />;
  if (!e) return <p className="muted small-note">{t('evalRuns.estimate.loading')}</p>;
  return (
    <>
      <dl className="evalruns-stats" aria-label={t('evalRuns.estimate.title')}>
        <div>
          <dt>{t('evalRuns.estimate.cells')}</dt>
          <dd>{formatNumber(e.cells)}</dd>
        </div>
        <div>
          <dt>{t('evalRuns.estimate.chatCalls')}</dt>
          <dd>
            {formatNumber(e.chatCalls)}
            {e.cachedCells > 0 ? (
              <span className="muted">
                {' '}
                {t('evalRuns.estimate.cached', { n: formatNumber(e.cachedCells) })}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('evalRuns.estimate.chatYuan')}</dt>
          <dd>{yuanText(e.chatYuan)}</dd>
        </div>
        <div>
          <dt>{t('evalRuns.estimate.judgeCalls')}</dt>
          <dd>{formatNumber(e.judgeCalls)}</dd>
        </div>
        <div>
          <dt>{t('evalRuns.estimate.judgeYuan')}</dt>
          <dd>{e.judgeCalls === 0 ? '—' : yuanText(e.judgeYuan)}</dd>
        </div>
        <div>
          <dt>{t('evalRuns.estimate.balance')}</dt>
          <dd>{e.judgeCalls === 0 ? '—' : yuanText(e.balanceYuan)}</dd>
        </div>
        <div>
          <dt>{t('evalRuns.estimate.embeddings')}</dt>
          <dd>
            {formatNumber(e.embeddingInputs)}
            {e.embeddingInputs > 0 ? <span className="muted"> · {yuanText(e.embeddingsYuan)}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t('evalRuns.estimate.tokens')}</dt>
          <dd>
            {t('evalRuns.estimate.tokensValue', {
              prompt: formatNumber(e.promptTokens),
              judge: formatNumber(e.judgeInputTokens),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('evalRuns.estimate.time')}</dt>
          <dd>{e.idealChatSeconds === null ? t('evalRuns.unknown') : durationText(e.idealChatSeconds)}</dd>
        </div>
      </dl>
      {e.incompleteCells > 0 ? (
        <p className="notice notice-warn" role="status">
          {t('evalRuns.estimate.incomplete', { n: formatNumber(e.incompleteCells) })}
        </p>
      ) : null}
    </>
  );
}
