import { useMemo } from 'react';
import type { ToolCall } from '../../../src-shared/chat/conversation';
import { t } from '../../i18n/i18n';
import './chat.css';

/** Arguments pretty-printed when they are JSON; as the model wrote them otherwise. */
export function shownArguments(raw: string): string {
  if (!raw.trim()) return '';
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

function OneCall({ call }: { call: ToolCall }) {
  const args = useMemo(() => shownArguments(call.arguments), [call.arguments]);
  return (
    <div className="tool-call" role="group" aria-label={t('chat.toolCallNamed', { name: call.name })}>
      <div className="tool-call-head">
        <span className="tool-call-label">{t('chat.toolCall')}</span> <code>{call.name}</code>
      </div>
      {args ? <pre className="tool-call-args">{args}</pre> : null}
    </div>
  );
}

/** The tool (function) calls a reply asked for: each one's name and arguments. */
export function ToolCallBlock({ calls }: { calls: ToolCall[] }) {
  return (
    <div className="tool-calls">
      {calls.map((call, i) => (
        <OneCall key={call.id ?? i} call={call} />
      ))}
    </div>
  );
}
