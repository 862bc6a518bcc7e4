import { lazy, memo, Suspense, useState } from 'react';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { ErrorNotice } from '../../app/ErrorNotice';
import { t } from '../../i18n/i18n';
import { Markdown } from './Markdown';
import { ReplyStats } from './ReplyStats';
import { RetryCountdown } from './RetryCountdown';
import { ThinkingBlock } from './ThinkingBlock';
import { RefusalBlock } from './RefusalBlock';
import { ToolCallBlock } from './lazy-chat-parts';
import { FormatCheckBlock, ReplyView } from './ReplyFormats';
import { BranchSwitcher } from './BranchSwitcher';
import { EditQuestion } from './EditQuestion';
import { useChat } from './chat-store';
import { useLiveReply } from './use-live-reply';
import { isImageMime } from '../../../src-shared/chat/attachment-rules';

const MessageAttachments = lazy(() => import('./MessageAttachments'));

export function CopyMessageButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="ghost small"
      // The name holds the words shown (WCAG "label in name"): "Copy reply", then just "Copied".
      aria-label={copied ? undefined : label}
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

/**
 * One message of the open conversation. `position` is its index; `idle` says no reply is
 * streaming, so it may be edited, regenerated, continued or switched to another version.
 * `live`: the reply being streamed, shown by this same component so that, when it is saved,
 * React keeps its rendered markdown instead of building a long reply's page again.
 */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  // Separate components, so a position switched to another version of another role remounts.
  return props.message.role === 'tool' ? <ToolResultItem {...props} /> : <ChatMessageItem {...props} />;
});

interface MessageItemProps {
  message: StoredMessage;
  position: number;
  idle: boolean;
  last: boolean;
  live?: boolean;
  /**
   * Mounted at the end of a conversation being opened, in a view this many pixels tall: a long
   * reply shows its end first, what fills a little more than such a view.
   */
  openedAtEnd?: number;
}

/**
 * A tool's result, shown compactly under the call it answers. It is changed by answering the
 * calls again on their cards (the earlier results stay as a version), so it has no Edit here.
 */
function ToolResultItem({ message, position, idle }: MessageItemProps) {
  const switchBranch = useChat((s) => s.switchBranch);
  const name = message.toolName ?? message.toolCallId ?? '';
  return (
    <article className="message from-tool" aria-label={t('chat.toolMessageFor', { name })}>
      <div className="message-head">
        <span className="who">{name ? t('chat.toolMessageFor', { name }) : t('chat.toolMessage')}</span>
        <span className="message-actions">
          <BranchSwitcher
            message={message}
            disabled={!idle}
            onSwitch={(index) => void switchBranch(position, index)}
          />
          <CopyMessageButton text={message.content} label={t('chat.copyToolResult')} />
        </span>
      </div>
      <pre className="tool-result">{message.content}</pre>
    </article>
  );
}

function ChatMessageItem({ message, position, idle, last, live = false, openedAtEnd }: MessageItemProps) {
  const streaming = useLiveReply(live);
  const isUser = message.role === 'user';
  const content = streaming ? streaming.text : message.content;
  const reasoning = streaming ? streaming.reasoning : message.reasoning;
  const [editing, setEditing] = useState(false);
  const regenerate = useChat((s) => s.regenerate);
  const editAndResend = useChat((s) => s.editAndResend);
  const continueReply = useChat((s) => s.continueReply);
  const switchBranch = useChat((s) => s.switchBranch);
  // A refused request after a question with images: the model may not take images.
  const askedWithImages = useChat(
    (s) => !isUser && (s.messages[position - 1]?.attachments ?? []).some((a) => isImageMime(a.mime)),
  );
  const cut = !isUser && last && idle && message.stats?.finishReason === 'length' && !message.error;
  return (
    <article
      className={`message ${isUser ? 'from-user' : 'from-assistant'}${live ? ' live' : ''}`}
      aria-label={isUser ? t('chat.you') : t('chat.assistant')}
      aria-busy={live || undefined}
      // The list measures and keeps messages by position (MessageList, message-window.ts).
      data-position={position}
    >
      <div className="message-head">
        <span className="who">{isUser ? t('chat.you') : t('chat.assistant')}</span>
        {live ? null : (
          <span className="message-actions">
            <BranchSwitcher
              message={message}
              disabled={!idle}
              onSwitch={(index) => void switchBranch(position, index)}
            />
            <CopyMessageButton
              text={message.content}
              label={isUser ? t('chat.copyQuestion') : t('chat.copyReply')}
            />
            {isUser && idle && !editing ? (
              <button type="button" className="ghost small" onClick={() => setEditing(true)}>
                {t('chat.edit')}
              </button>
            ) : null}
            {!isUser && idle ? (
              <button type="button" className="ghost small" onClick={() => void regenerate(position)}>
                {t('chat.regenerate')}
              </button>
            ) : null}
          </span>
        )}
      </div>
      {!isUser && reasoning ? (
        <ThinkingBlock
          reasoning={reasoning}
          thinking={streaming !== undefined && !content}
          reasoningMs={message.stats?.reasoningMs}
        />
      ) : null}
      {isUser && editing ? (
        <EditQuestion
          initial={message.content}
          onCancel={() => setEditing(false)}
          onSend={(text) => {
            setEditing(false);
            void editAndResend(position, text);
          }}
        />
      ) : isUser ? (
        message.content ? (
          <div className="user-text">{message.content}</div>
        ) : null
      ) : content ? (
        // Wrapped live and saved alike, so the saved reply keeps the Markdown the live one built.
        <ReplyView message={message} live={live}>
          <Markdown text={content} chain={streaming?.chain} streaming={live} tailFirst={openedAtEnd} />
        </ReplyView>
      ) : null}
      {isUser && message.attachments?.length ? (
        <Suspense fallback={null}>
          <MessageAttachments files={message.attachments} />
        </Suspense>
      ) : null}
      {!isUser && !live && message.refusal ? <RefusalBlock text={message.refusal} /> : null}
      {!isUser && !live && message.toolCalls?.length ? (
        <ToolCallBlock
          calls={message.toolCalls}
          position={position}
          idle={idle}
          answerable={!message.error}
        />
      ) : null}
      {!isUser && !live && message.formatCheck ? <FormatCheckBlock check={message.formatCheck} /> : null}
      {!isUser && !live ? <ReplyNotes message={message} /> : null}
      {cut ? (
        <button type="button" className="small continue-reply" onClick={() => void continueReply()}>
          {t('chat.continue')}
        </button>
      ) : null}
      {message.stopped ? <div className="muted small-note">{t('chat.stopped')}</div> : null}
      {message.error ? (
        <>
          <ErrorNotice error={message.error as never} />
          {askedWithImages && message.error.code === 'bad_request' ? (
            <div className="muted small-note">{t('chat.imageRefusedHint')}</div>
          ) : null}
          {message.content ? <div className="muted small-note">{t('chat.failedKept')}</div> : null}
        </>
      ) : null}
      {!isUser && last && idle ? (
        <RetryCountdown message={message} onRetry={() => void regenerate(position)} />
      ) : null}
      {message.stats && !isUser ? <ReplyStats stats={message.stats} /> : null}
      {streaming ? (
        <LiveNote started={content !== '' || reasoning !== ''} silent={streaming.silentSeconds} />
      ) : null}
    </article>
  );
}

/** While nothing arrives the seconds are counted, so a model thinking for minutes does not look frozen. */
function LiveNote({ started, silent }: { started: boolean; silent: number }) {
  if (!started)
    return (
      <div className="muted typing">
        {silent ? t('chat.waitingFor', { seconds: silent }) : t('chat.waiting')}
      </div>
    );
  return silent ? (
    <div className="muted small-note typing">{t('chat.silentFor', { seconds: silent })}</div>
  ) : null;
}

/** Why a reply may look short or empty: the finish reason when it is not `stop`, or no answer. */
export function ReplyNotes({ message }: { message: StoredMessage }) {
  const notes: string[] = [];
  const reason = message.stats?.finishReason;
  if (reason === 'length') notes.push(t('chat.finishLength'));
  else if (reason === 'content_filter') notes.push(t('chat.finishFilter'));
  else if (
    reason &&
    reason !== 'stop' &&
    !(message.toolCalls?.length && /^(tool|function)_calls?$/.test(reason))
  ) {
    // A reply that ends to call a tool ended as it should: its calls are shown.
    notes.push(t('chat.finishOther', { reason }));
  }
  const saidOtherwise = message.refusal?.trim() || message.toolCalls?.length;
  if (!message.content.trim() && message.reasoning && !saidOtherwise && !message.error && !message.stopped) {
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
