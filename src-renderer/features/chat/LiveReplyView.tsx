import { t } from '../../i18n/i18n';
import { openLive, useChat } from './chat-store';
import { Markdown } from './Markdown';
import { ThinkingBlock } from './ThinkingBlock';

/**
 * The open conversation's reply being streamed; subscribes to its live text alone so the history
 * does not re-render.
 */
export function LiveReplyView() {
  const text = useChat((s) => openLive(s)?.text ?? '');
  const reasoning = useChat((s) => openLive(s)?.reasoning ?? '');
  return (
    <article className="message from-assistant live" aria-label={t('chat.assistant')} aria-busy="true">
      <div className="message-head">
        <span className="who">{t('chat.assistant')}</span>
      </div>
      {reasoning ? <ThinkingBlock reasoning={reasoning} thinking={!text} /> : null}
      {text ? (
        <Markdown text={text} />
      ) : reasoning ? null : (
        <div className="muted typing">{t('chat.waiting')}</div>
      )}
    </article>
  );
}
