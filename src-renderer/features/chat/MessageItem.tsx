import { memo, useState } from 'react';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { ErrorNotice } from '../../app/ErrorNotice';
import { t } from '../../i18n/i18n';
import { Markdown } from './Markdown';
import { ReplyStats } from './ReplyStats';
import { RetryCountdown } from './RetryCountdown';
import { ThinkingBlock } from './ThinkingBlock';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="ghost small"
      aria-label={label}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1200);
        })
      }
    >
      {copied ? t('common.copied') : t('common.copy')}
    </button>
  );
}

export const MessageItem = memo(function MessageItem({
  message,
  onRegenerate,
  onRetry,
}: {
  message: StoredMessage;
  onRegenerate?: () => void;
  onRetry?: () => void;
}) {
  const isUser = message.role === 'user';
  return (
    <article
      className={`message ${isUser ? 'from-user' : 'from-assistant'}`}
      aria-label={isUser ? t('chat.you') : t('chat.assistant')}
    >
      <div className="message-head">
        <span className="who">{isUser ? t('chat.you') : t('chat.assistant')}</span>
        {!isUser ? (
          <span className="message-actions">
            <CopyButton text={message.content} label={t('chat.copyReply')} />
            {onRegenerate ? (
              <button type="button" className="ghost small" onClick={onRegenerate}>
                {t('chat.regenerate')}
              </button>
            ) : null}
          </span>
        ) : null}
      </div>
      {!isUser && message.reasoning ? (
        <ThinkingBlock
          reasoning={message.reasoning}
          thinking={false}
          reasoningMs={message.stats?.reasoningMs}
        />
      ) : null}
      {isUser ? <div className="user-text">{message.content}</div> : <Markdown text={message.content} />}
      {!isUser ? <ReplyNotes message={message} /> : null}
      {message.stopped ? <div className="muted small-note">{t('chat.stopped')}</div> : null}
      {message.error ? (
        <>
          <ErrorNotice error={message.error as never} />
          {message.content ? <div className="muted small-note">{t('chat.failedKept')}</div> : null}
        </>
      ) : null}
      {onRetry ? <RetryCountdown message={message} onRetry={onRetry} /> : null}
      {message.stats && !isUser ? <ReplyStats stats={message.stats} /> : null}
    </article>
  );
});

/** Why a reply may look short or empty: the finish reason when it is not `stop`, or no answer. */
export function ReplyNotes({ message }: { message: StoredMessage }) {
  const notes: string[] = [];
  const reason = message.stats?.finishReason;
  if (reason === 'length') notes.push(t('chat.finishLength'));
  else if (reason === 'content_filter') notes.push(t('chat.finishFilter'));
  else if (reason && reason !== 'stop') notes.push(t('chat.finishOther', { reason }));
  if (!message.content.trim() && message.reasoning && !message.error && !message.stopped) {
    notes.push(t('chat.onlyReasoning'));
  }
  return (
    <>
      {notes.map((note) => (
        <div key={note} className="muted small-note finish-note" role="note">
          {note}
        </div>
      ))}
    </>
  );
}
