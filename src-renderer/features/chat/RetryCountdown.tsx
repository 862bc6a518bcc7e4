import { useEffect, useRef, useState } from 'react';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import {
  autoRetryBudget,
  cancelAutoRetry,
  MAX_AUTO_RETRIES,
  resetAutoRetry,
  spendAutoRetry,
} from './auto-retry-budget';
import { useChat } from './chat-store';

/** How often the countdown redraws: often enough that the shown second is never late by much. */
const TICK_MS = 250;

/**
 * The active profile's "retry automatically after a rate limit" setting: a retry goes through
 * the active profile (as every send does), so its setting is the one that applies.
 */
function useAutoRetrySetting(): boolean {
  const profiles = useRoute('profiles.list', {});
  const active = profiles.data?.profiles.find((p) => p.id === profiles.data?.activeId);
  return active?.autoRetryRateLimit === true;
}

/** The time now, redrawn every tick until `until` has passed. */
function useNowUntil(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const done = now >= until;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [until, done]);
  return now;
}

/**
 * Under the open conversation's last reply: after a 429 that said how long to wait, "Retry in
 * N s" counts down from when the reply failed, then offers "Retry now". The request is a POST
 * that may cost money, so it is sent again only on a click — or, if the active profile asks for
 * it, by itself when the wait ends, at most MAX_AUTO_RETRIES times in a row, with a Cancel.
 * Any other last reply ends a run of automatic retries.
 */
export function RetryCountdown({
  message,
  onRetry,
  slot: ownSlot,
}: {
  message: StoredMessage;
  onRetry: () => void;
  /** Whose automatic retries these are; by default the open conversation's last reply. */
  slot?: string;
}) {
  // The budget belongs to this reply's place in this conversation: a re-send replaces the reply.
  const chatSlot = useChat((s) => `${s.conversationId ?? ''}:${s.messages.length}`);
  const slot = ownSlot ?? chatSlot;
  const wait = message.error?.code === 'rate_limited' ? message.error.retryAfterMs : undefined;
  useEffect(() => {
    if (wait === undefined) resetAutoRetry(slot);
  }, [wait, slot]);
  if (wait === undefined) return null;
  return <Countdown slot={slot} waitMs={wait} endedAt={message.stats?.endedAt} onRetry={onRetry} />;
}

function Countdown({
  slot,
  waitMs,
  endedAt,
  onRetry,
}: {
  slot: string;
  waitMs: number;
  endedAt: number | undefined;
  onRetry: () => void;
}) {
  // A reply lost with the connection has no saved end: count from when it was first shown.
  const [shownAt] = useState(() => Date.now());
  const readyAt = (endedAt ?? shownAt) + waitMs;
  const now = useNowUntil(readyAt);
  const autoSetting = useAutoRetrySetting();
  const [budget, setBudget] = useState(() => autoRetryBudget(slot));
  const fired = useRef(false);
  // Only a wait that was still running when shown may end in a send by itself: opening an old
  // conversation never sends anything.
  const auto = autoSetting && readyAt > shownAt && !budget.cancelled && budget.used < MAX_AUTO_RETRIES;
  const remaining = Math.max(0, Math.ceil((readyAt - now) / 1000));

  useEffect(() => {
    if (!auto || remaining > 0 || fired.current) return;
    fired.current = true;
    spendAutoRetry(slot);
    onRetry();
  }, [auto, remaining, slot, onRetry]);

  const retryByHand = () => {
    resetAutoRetry(slot);
    onRetry();
  };
  const cancel = () => {
    cancelAutoRetry(slot);
    setBudget(autoRetryBudget(slot));
  };
  return (
    <div className="retry-countdown row" role="group" aria-label={t('chat.retryGroup')}>
      {remaining > 0 ? (
        <button type="button" className="small" disabled>
          {t('chat.retryIn', { seconds: remaining })}
        </button>
      ) : (
        <button type="button" className="small primary" onClick={retryByHand}>
          {t('chat.retryNow')}
        </button>
      )}
      {auto ? (
        <>
          <span className="muted small-note" role="status">
            {t('chat.autoRetrying', { attempt: budget.used + 1, max: MAX_AUTO_RETRIES })}
          </span>
          <button
            type="button"
            className="ghost small"
            onClick={cancel}
            aria-label={t('chat.autoRetryCancel')}
          >
            {t('common.cancel')}
          </button>
        </>
      ) : autoSetting && budget.used >= MAX_AUTO_RETRIES && !budget.cancelled ? (
        <span className="muted small-note">{t('chat.autoRetryDone', { max: MAX_AUTO_RETRIES })}</span>
      ) : null}
    </div>
  );
}
