import { useId, useState } from 'react';
import { t } from '../../i18n/i18n';
import './chat.css';

/**
 * A reasoning model's thinking, above its answer. It opens by itself while the model is thinking
 * and closes once the answer starts, unless the user has opened or closed it meanwhile.
 */
export function ThinkingBlock({
  reasoning,
  thinking,
  reasoningMs,
}: {
  reasoning: string;
  /** True while thinking streams and no answer text has come yet. */
  thinking: boolean;
  reasoningMs?: number;
}) {
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const open = chosen ?? thinking;
  const id = useId();
  const label = thinking
    ? t('chat.thinkingNow')
    : reasoningMs !== undefined
      ? t('chat.thoughtFor', { seconds: (reasoningMs / 1000).toFixed(1) })
      : t('chat.thinking');
  return (
    <div className={`thinking${thinking ? ' live' : ''}`}>
      <button
        type="button"
        className="ghost small thinking-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setChosen(!open)}
      >
        {open ? '▾' : '▸'} {label}
      </button>
      {open ? (
        <div id={id} className="thinking-text muted" aria-label={t('chat.thinking')} role="region">
          {reasoning}
        </div>
      ) : null}
    </div>
  );
}
