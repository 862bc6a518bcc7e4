import type { LogStreamReply } from '../../../src-shared/log/log-entry';
import { formatNumber, t } from '../../i18n/i18n';

const count = (n: number | undefined) => (n === undefined ? '–' : formatNumber(n));

/** A streamed reply as main assembled it: reasoning, text, how it ended and what it cost. */
export function StreamReply({ reply }: { reply: LogStreamReply }) {
  const facts = [
    reply.finishReason ? t('log.finish', { reason: reply.finishReason }) : t('log.noFinish'),
    reply.usage
      ? t('log.usage', {
          prompt: count(reply.usage.prompt_tokens),
          completion: count(reply.usage.completion_tokens),
          total: count(reply.usage.total_tokens),
        })
      : null,
    t('log.events', { events: formatNumber(reply.events) }),
  ].filter(Boolean);
  return (
    <section className="log-reply" aria-label={t('log.reply')}>
      <h4>{t('log.reply')}</h4>
      <p className="muted small-note">{facts.join(' · ')}</p>
      {reply.reasoning ? (
        <>
          <h5>{t('log.reasoning')}</h5>
          <pre className="log-reasoning" tabIndex={0}>
            {reply.reasoning}
          </pre>
          {reply.reasoningChars > reply.reasoning.length ? (
            <CutNote kept={reply.reasoning.length} total={reply.reasoningChars} />
          ) : null}
        </>
      ) : null}
      <pre className="log-reply-text" tabIndex={0}>
        {reply.text}
      </pre>
      {reply.textChars > reply.text.length ? (
        <CutNote kept={reply.text.length} total={reply.textChars} />
      ) : null}
    </section>
  );
}

function CutNote({ kept, total }: { kept: number; total: number }) {
  return (
    <p className="muted small-note">
      {t('log.replyCut', { kept: formatNumber(kept), total: formatNumber(total) })}
    </p>
  );
}
