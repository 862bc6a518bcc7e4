import { useEffect, useMemo } from 'react';
import { COMPARE_COLUMNS_MAX, COMPARE_COLUMNS_MIN } from '../../../src-shared/chat/compare-limits';
import type { AppError } from '../../../src-shared/result';
import type { ProfileView } from '../../../src-shared/profiles/profile-view';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ModelPicker } from '../../app/ModelPicker';
import { useModelMemory } from '../../app/model-memory';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { sendOnEnter } from './send-on-enter';
import { useChat } from './chat-store';
import { type CompareColumn, hasAnswer, isStreaming, useCompare } from './compare-store';
import { Markdown } from './Markdown';
import { ReplyNotes } from './MessageItem';
import { RefusalBlock } from './RefusalBlock';
import { FormatCheckBlock, ReplyView } from './ReplyFormats';
import { ReplyStats } from './ReplyStats';
import { RetryCountdown } from './RetryCountdown';
import { ToolCallBlock } from './ToolCallBlock';
import { nextCompareModel } from './chat-model-default';
import { AttachButton } from './AttachButton';
import { DraftFiles } from './DraftFiles';
import { readyFiles, useAttachmentDraft } from './attachment-draft';

/**
 * One prompt to 2–4 models at once, each streaming in its own column with its statistics; the
 * column the user chooses becomes the conversation's next turn.
 */
export function CompareView() {
  const { columns, request, conversationId, error, clearError, addColumn, setActive } = useCompare();
  const sent = request?.messages;
  const chat = useChat();
  const profiles = useRoute('profiles.list', {});
  const activeId = profiles.data?.activeId;
  const list = profiles.data?.profiles ?? [];
  const title = useRoute('chat.conversations.list', {}).data?.find(
    (c) => c.id === chat.conversationId,
  )?.title;

  // Columns start on the active profile, the first with the conversation's model.
  useEffect(() => {
    if (!activeId) return;
    const s = useCompare.getState();
    s.columns.forEach((c, i) => {
      if (!c.profileId)
        s.setColumn(c.key, { profileId: activeId, ...(i === 0 && !c.model ? { model: chat.model } : {}) });
    });
  }, [activeId, chat.model]);

  const anyStreaming = columns.some(isStreaming);
  const shownFor = sent ? conversationId : chat.conversationId;
  return (
    <section className="compare" aria-label={t('compare.title')}>
      <header className="compare-head">
        <h2>{t('compare.title')}</h2>
        <span className="muted compare-context">
          {shownFor && title ? t('compare.continues', { title }) : t('compare.fresh')}
        </span>
        <button
          type="button"
          className="ghost small"
          disabled={columns.length >= COMPARE_COLUMNS_MAX || anyStreaming}
          onClick={() => addColumn(activeId ?? '', '')}
        >
          {t('compare.add')}
        </button>
        <button type="button" className="ghost small" onClick={() => setActive(false)}>
          {t('compare.close')}
        </button>
      </header>
      {sent ? (
        <div className="compare-asked">
          <span className="muted">{t('compare.you')}</span> {sent[sent.length - 1].content}
        </div>
      ) : null}
      <div className={`compare-grid compare-cols-${columns.length}`}>
        {columns.map((c, i) => (
          <ColumnView
            key={c.key}
            column={c}
            index={i}
            profiles={list}
            anyStreaming={anyStreaming}
            activeId={activeId}
          />
        ))}
      </div>
      {error ? <ErrorNotice error={error} onDismiss={clearError} /> : null}
      <ComparePrompt busy={anyStreaming} />
    </section>
  );
}

function ColumnView({
  column: c,
  index,
  profiles,
  anyStreaming,
  activeId,
}: {
  column: CompareColumn;
  index: number;
  profiles: ProfileView[];
  anyStreaming: boolean;
  activeId?: string;
}) {
  const { setColumn, removeColumn, stop, keep, retry, columns } = useCompare();
  const models = useRoute('models.list', { profileId: c.profileId }, { enabled: c.profileId !== '' });
  const modelList = useMemo(() => models.data ?? [], [models.data]);
  const activate = useRouteMutation('profiles.activate', ['profiles.list', 'models.list']);
  const remember = useModelMemory((s) => s.remember);
  const n = index + 1;
  // A column without a model starts on one the other columns do not use, so a comparison is ready at once.
  useEffect(() => {
    if (c.model || !models.data?.length) return;
    const used = new Set(useCompare.getState().columns.map((x) => x.model));
    const pick = nextCompareModel(
      models.data.map((m) => m.id),
      used,
    );
    if (pick) setColumn(c.key, { model: pick });
  }, [models.data, c.model, c.key, setColumn]);
  const streaming = isStreaming(c);
  const result = c.result;
  const text = result?.content ?? c.text;

  const onKeep = async () => {
    const profileId = c.profileId;
    await keep(c.key);
    // The conversation goes on where the chosen reply came from: its profile and its model.
    if (profileId && profileId !== activeId && !useCompare.getState().error) {
      remember('chat', profileId, c.model);
      activate.mutate({ id: profileId });
    }
  };

  return (
    <div className="compare-col" role="group" aria-label={t('compare.column', { n })}>
      <div className="compare-col-head">
        {profiles.length > 1 ? (
          <select
            aria-label={t('compare.profile', { n })}
            title={t('compare.profile', { n })}
            value={c.profileId}
            disabled={anyStreaming}
            onChange={(e) => setColumn(c.key, { profileId: e.target.value, model: '' })}
          >
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        ) : null}
        <ModelPicker
          id={`compare-model-${n}`}
          label={t('compare.model', { n })}
          value={c.model}
          onChange={(model) => setColumn(c.key, { model })}
          models={modelList}
          kind="chat"
          scope="compare"
          profileId={c.profileId || undefined}
          restore={false}
          placeholder={t('chat.modelPlaceholder')}
          listError={models.isError ? t('chat.modelsFailed') : undefined}
        />
        {columns.length > COMPARE_COLUMNS_MIN ? (
          <button
            type="button"
            className="ghost small compare-remove"
            aria-label={t('compare.remove', { n })}
            title={t('compare.remove', { n })}
            onClick={() => removeColumn(c.key)}
          >
            ×
          </button>
        ) : null}
      </div>
      <div className="compare-reply" aria-live="off">
        {result?.reasoning || c.reasoning ? (
          <details className="compare-thinking">
            <summary>{t('chat.thinking')}</summary>
            <div className="muted">{result?.reasoning ?? c.reasoning}</div>
          </details>
        ) : null}
        {result && !streaming ? (
          <>
            {text ? (
              // The same views as in the conversation: formatted JSON, token probabilities.
              <ReplyView message={result} live={false}>
                <Markdown text={text} streaming={false} />
              </ReplyView>
            ) : null}
            {result.refusal ? <RefusalBlock text={result.refusal} /> : null}
            {/* Results are sent from the conversation: keep this column to answer its calls. */}
            {result.toolCalls?.length ? <ToolCallBlock calls={result.toolCalls} /> : null}
            {result.formatCheck ? <FormatCheckBlock check={result.formatCheck} /> : null}
            <ReplyNotes message={result} />
            {!hasAnswer(result) && !result.error && !result.stopped ? (
              <p className="muted">{t('compare.empty')}</p>
            ) : null}
          </>
        ) : text ? (
          <Markdown text={text} streaming={streaming} />
        ) : (
          <p className="muted">{streaming ? t('compare.waiting') : t('compare.empty')}</p>
        )}
        {/* Stored errors keep the code main gave; the notice reads it as an AppError, as the chat does. */}
        {result?.error ? <ErrorNotice error={result.error as AppError} /> : null}
        {result?.stopped ? <p className="muted">{t('chat.stopped')}</p> : null}
      </div>
      <div className="compare-col-foot">
        {result?.stats ? <ReplyStats stats={result.stats} /> : null}
        <div className="compare-col-actions">
          {streaming ? (
            <button type="button" className="small danger" onClick={() => stop(c.key)}>
              {t('compare.stop')}
            </button>
          ) : null}
          {result?.error && !streaming ? (
            result.error.code === 'rate_limited' && result.error.retryAfterMs !== undefined ? (
              // After a 429 that said how long to wait: counts down, as under a conversation's reply.
              <RetryCountdown message={result} slot={`compare:${c.key}`} onRetry={() => void retry(c.key)} />
            ) : (
              <button type="button" className="small" onClick={() => void retry(c.key)}>
                {t('compare.retry')}
              </button>
            )
          ) : null}
          {result && !anyStreaming && hasAnswer(result) ? (
            <button
              type="button"
              className="small primary"
              title={t('compare.keepHint')}
              onClick={() => void onKeep()}
            >
              {t('compare.keep')}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function ComparePrompt({ busy }: { busy: boolean }) {
  const { prompt, setPrompt, send, stopAll } = useCompare();
  // The composer's files go with the prompt to every column (docs/architecture.md).
  const hasFiles = useAttachmentDraft(readyFiles);
  return (
    <div className="composer">
      <DraftFiles />
      <div className="composer-row">
        <textarea
          aria-label={t('compare.prompt')}
          placeholder={t('compare.promptPlaceholder')}
          value={prompt}
          rows={2}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={sendOnEnter(send)}
        />
        <AttachButton />
        {busy ? (
          <button type="button" className="primary danger" onClick={stopAll} title={t('keys.stop')}>
            {t('compare.stopAll')}
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => void send()}
            disabled={!prompt.trim() && !hasFiles}
          >
            {t('compare.sendAll')}
          </button>
        )}
      </div>
    </div>
  );
}
