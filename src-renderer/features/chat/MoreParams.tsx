import { useEffect, useRef, useState } from 'react';
import { MAX_STOP_SEQUENCES, REASONING_EFFORTS } from '../../../src-shared/chat/chat-param-limits';
import type { ChatParamsInput } from '../../../src-shared/chat/conversation';
import { t } from '../../i18n/i18n';
import { useChat } from './chat-store';
import { ParamInput } from './ParamInput';
import { moreParamsInUse } from './panels-in-use';

/** The stop sequences as typed, one per line; a problem names the rule main applies too. */
export function stopProblem(text: string): string | undefined {
  const lines = stopLines(text);
  if (lines.length > MAX_STOP_SEQUENCES) return t('chat.stopTooMany', { max: MAX_STOP_SEQUENCES });
  if (lines.some((l) => l.length > 200)) return t('chat.stopTooLong');
  return undefined;
}

/** Blank lines are not sequences; anything else is kept exactly, spaces and all. */
export function stopLines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '');
}

/**
 * The request controls beyond temperature, top p and max tokens that Chat Completions users
 * reach for: seed, stop sequences, the penalties, reasoning effort, token probabilities and the
 * usage chunk. Empty means "not sent" (the gateway's default), as for the other fields. Loaded
 * when first opened (lazy-chat-parts.tsx): `opened` says the user opened it, from the keyboard
 * when 'focus'.
 */
export function MoreParams({ opened }: { opened?: 'open' | 'focus' }) {
  const params = useChat((s) => s.params);
  const setParams = useChat((s) => s.setParams);
  const set = (patch: Partial<ChatParamsInput>) => {
    const next: Record<string, unknown> = { ...params, ...patch };
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete next[k];
    setParams(next as ChatParamsInput);
  };
  const shownStop = Array.isArray(params.stop) ? params.stop.join('\n') : (params.stop ?? '');
  const [stopText, setStopText] = useState(shownStop);
  useEffect(() => setStopText(shownStop), [shownStop]);
  const stopIssue = stopProblem(stopText);
  const open = moreParamsInUse(params) || opened !== undefined;
  const summary = useRef<HTMLElement>(null);
  useEffect(() => {
    if (opened === 'focus') summary.current?.focus();
  }, [opened]);

  return (
    <details className="more-params" open={open}>
      <summary ref={summary}>{t('chat.moreParams')}</summary>
      <ParamInput field="seed" label={t('chat.seed')} />
      <div className="field">
        <label htmlFor="param-stop">{t('chat.stopSequences')}</label>
        <textarea
          id="param-stop"
          rows={2}
          value={stopText}
          placeholder={t('chat.stopPlaceholder')}
          aria-invalid={stopIssue !== undefined}
          aria-describedby="param-stop-hint"
          onChange={(e) => {
            setStopText(e.target.value);
            if (stopProblem(e.target.value)) return;
            const lines = stopLines(e.target.value);
            set({ stop: lines.length === 0 ? undefined : lines });
          }}
        />
        <span id="param-stop-hint" className={stopIssue ? 'field-error' : 'muted small-note'}>
          {stopIssue ?? t('chat.stopHint', { max: MAX_STOP_SEQUENCES })}
        </span>
      </div>
      <ParamInput field="presence_penalty" label={t('chat.presencePenalty')} />
      <ParamInput field="frequency_penalty" label={t('chat.frequencyPenalty')} />
      <div className="field">
        <label htmlFor="param-reasoning">{t('chat.reasoningEffort')}</label>
        <select
          id="param-reasoning"
          value={params.reasoning_effort ?? ''}
          onChange={(e) =>
            set({
              reasoning_effort: (e.target.value || undefined) as ChatParamsInput['reasoning_effort'],
            })
          }
        >
          <option value="">{t('chat.default')}</option>
          {REASONING_EFFORTS.map((r) => (
            <option key={r} value={r}>
              {t(`chat.reasoning.${r}`)}
            </option>
          ))}
        </select>
        <span className="muted small-note">{t('chat.reasoningHint')}</span>
      </div>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={params.logprobs === true}
            // top_logprobs needs logprobs: turning it off takes the count with it.
            onChange={(e) =>
              set(e.target.checked ? { logprobs: true } : { logprobs: undefined, top_logprobs: undefined })
            }
          />
          {t('chat.logprobs')}
        </label>
      </div>
      <ParamInput field="top_logprobs" label={t('chat.topLogprobs')} disabled={params.logprobs !== true} />
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={params.include_usage !== false}
            onChange={(e) => set({ include_usage: e.target.checked ? undefined : false })}
            aria-describedby="param-usage-hint"
          />
          {t('chat.includeUsage')}
        </label>
        <span id="param-usage-hint" className="muted small-note">
          {t('chat.includeUsageHint')}
        </span>
      </div>
    </details>
  );
}
