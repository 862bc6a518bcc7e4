import type { LogStreamChoice, LogStreamReply } from '../../../src-shared/log/log-entry';
import { formatNumber, t } from '../../i18n/i18n';

const count = (n: number | undefined) => (n === undefined ? '–' : formatNumber(n));

/**
 * A streamed reply as main assembled it: reasoning, text, refusal and tool calls, how it ended
 * and what it cost; a request with `n` > 1 shows each other choice below the first.
 */
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
      <ChoiceBody choice={reply} />
      {reply.otherChoices?.map((choice) => (
        <section key={choice.index} aria-label={t('log.choice', { index: choice.index })}>
          <h5>{t('log.choice', { index: choice.index })}</h5>
          <p className="muted small-note">
            {choice.finishReason ? t('log.finish', { reason: choice.finishReason }) : t('log.noFinish')}
          </p>
          <ChoiceBody choice={choice} />
        </section>
      ))}
    </section>
  );
}

function ChoiceBody({ choice }: { choice: LogStreamChoice }) {
  return (
    <>
      {choice.reasoning ? (
        <>
          <h5>{t('log.reasoning')}</h5>
          <pre className="log-reasoning" tabIndex={0}>
            {choice.reasoning}
          </pre>
          {choice.reasoningChars > choice.reasoning.length ? (
            <CutNote kept={choice.reasoning.length} total={choice.reasoningChars} />
          ) : null}
        </>
      ) : null}
      <pre className="log-reply-text" tabIndex={0}>
        {choice.text}
      </pre>
      {choice.textChars > choice.text.length ? (
        <CutNote kept={choice.text.length} total={choice.textChars} />
      ) : null}
      {choice.refusal ? (
        <>
          <h5>{t('log.refusal')}</h5>
          <pre className="log-reply-text" tabIndex={0}>
            {choice.refusal}
          </pre>
        </>
      ) : null}
      {choice.toolCalls?.length ? (
        <>
          <h5>{t('log.toolCalls')}</h5>
          {choice.toolCalls.map((call, i) => (
            <pre key={call.id ?? i} className="log-reply-text" tabIndex={0}>
              {`${call.name}(${call.arguments})${call.id ? `  ${call.id}` : ''}`}
            </pre>
          ))}
        </>
      ) : null}
    </>
  );
}

function CutNote({ kept, total }: { kept: number; total: number }) {
  return (
    <p className="muted small-note">
      {t('log.replyCut', { kept: formatNumber(kept), total: formatNumber(total) })}
    </p>
  );
}
