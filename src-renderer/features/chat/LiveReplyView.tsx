import { useSharedClock } from '../../app/shared-clock';
import { t } from '../../i18n/i18n';
import { openLive, useChat } from './chat-store';
import { Markdown } from './Markdown';
import { ThinkingBlock } from './ThinkingBlock';

/** Silence shorter than this is ordinary pacing and is not counted out loud. */
const SILENCE_SHOWN_MS = 2000;

/** Whole seconds since `since`, ticking once a second on the shared clock. */
function useSecondsSince(since: number): number {
  const now = useSharedClock();
  const ms = Math.max(0, now - since);
  return ms < SILENCE_SHOWN_MS ? 0 : Math.floor(ms / 1000);
}

/**
 * The open conversation's reply being streamed; subscribes to its live text alone so the history
 * does not re-render. While nothing arrives it counts the seconds, so a model that thinks for
 * minutes without sending its thoughts does not look frozen.
 */
export function LiveReplyView() {
  // A continuation grows from the reply it continues, shown whole from the start.
  const before = useChat((s) => openLive(s)?.continues?.content ?? '');
  const text = before + useChat((s) => openLive(s)?.text ?? '');
  const reasoning = useChat((s) => openLive(s)?.reasoning ?? '');
  const lastAt = useChat((s) => openLive(s)?.lastAt ?? Date.now());
  const silent = useSecondsSince(lastAt);
  const started = text !== '' || reasoning !== '';
  return (
    <article className="message from-assistant live" aria-label={t('chat.assistant')} aria-busy="true">
      <div className="message-head">
        <span className="who">{t('chat.assistant')}</span>
      </div>
      {reasoning ? <ThinkingBlock reasoning={reasoning} thinking={!text} /> : null}
      {text ? <Markdown text={text} streaming /> : null}
      {!started ? (
        <div className="muted typing">
          {silent ? t('chat.waitingFor', { seconds: silent }) : t('chat.waiting')}
        </div>
      ) : silent ? (
        <div className="muted small-note typing">{t('chat.silentFor', { seconds: silent })}</div>
      ) : null}
    </article>
  );
}
