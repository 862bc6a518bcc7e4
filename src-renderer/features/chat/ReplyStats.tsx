import type { ReplyStats as Stats } from '../../../src-shared/chat/conversation';
import { formatNumber, t } from '../../i18n/i18n';

export function ReplyStats({ stats }: { stats: Stats }) {
  const parts: string[] = [];
  if (stats.firstReasoningMs !== undefined)
    parts.push(t('chat.firstThought', { ms: Math.round(stats.firstReasoningMs) }));
  if (stats.reasoningMs !== undefined)
    parts.push(t('chat.thinkingTime', { seconds: (stats.reasoningMs / 1000).toFixed(1) }));
  if (stats.firstTokenMs !== undefined) parts.push(t('chat.ttft', { ms: Math.round(stats.firstTokenMs) }));
  if (stats.tokensPerSecond !== undefined)
    parts.push(t('chat.tps', { tps: stats.tokensPerSecond.toFixed(1) }));
  parts.push(t('chat.total', { ms: Math.round(stats.totalMs) }));
  if (stats.usage?.prompt_tokens !== undefined || stats.usage?.completion_tokens !== undefined) {
    parts.push(
      t('chat.usage', {
        prompt: stats.usage?.prompt_tokens ?? '?',
        completion: stats.usage?.completion_tokens ?? '?',
      }),
    );
  }
  if (stats.usage?.cost !== undefined)
    parts.push(t('chat.cost', { cost: formatNumber(stats.usage.cost, { maximumSignificantDigits: 4 }) }));
  if (stats.model) parts.push(stats.model);
  return (
    <div className="reply-stats muted" aria-label={t('chat.replyStats')}>
      {parts.join(' · ')}
    </div>
  );
}
