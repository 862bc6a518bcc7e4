import { useEffect, useMemo, useState } from 'react';
import type { ArgumentsCheck, ChatTool } from '../../../src-shared/chat/chat-tools';
import { parseToolArguments, toolCallIdOf } from '../../../src-shared/chat/tool-rules';
import type { StoredMessage, ToolCall } from '../../../src-shared/chat/conversation';
import { call as callRoute } from '../../bridge/api';
import { t } from '../../i18n/i18n';
import { useChat } from './chat-store';
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

type Verdict = ArgumentsCheck | { status: 'checking' } | { status: 'unknown-tool' } | { status: 'no-schema' };

/**
 * The call's arguments against its function's parameters: read here (malformed JSON gets its
 * note at once), checked by Ajv in main (the window's CSP forbids compiling code).
 */
function useVerdict(call: ToolCall, tool: ChatTool | undefined): Verdict {
  const parsed = useMemo(() => parseToolArguments(call.arguments), [call.arguments]);
  const schema = tool?.function.parameters;
  const local: Verdict | undefined = !parsed.ok
    ? { status: 'malformed', note: parsed.note }
    : !tool
      ? { status: 'unknown-tool' }
      : !schema
        ? { status: 'no-schema' }
        : undefined;
  const [remote, setRemote] = useState<Verdict>({ status: 'checking' });
  useEffect(() => {
    if (local || !schema) return;
    let cancelled = false;
    setRemote({ status: 'checking' });
    callRoute('chat.tools.checkArguments', { schema, arguments: call.arguments })
      .then((v) => !cancelled && setRemote(v))
      .catch(() => !cancelled && setRemote({ status: 'no-schema' }));
    return () => {
      cancelled = true;
    };
    // `local` follows from the same inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema, call.arguments]);
  return local ?? remote;
}

function VerdictNote({ verdict, name }: { verdict: Verdict; name: string }) {
  switch (verdict.status) {
    case 'ok':
      return <div className="tool-check ok">{t('chat.toolArgsOk')}</div>;
    case 'checking':
      return <div className="tool-check muted">{t('chat.toolArgsChecking')}</div>;
    case 'malformed':
      return (
        <div className="tool-check bad" role="note">
          {t('chat.toolArgsMalformed', { note: verdict.note })}
        </div>
      );
    case 'violations':
      return (
        <div className="tool-check bad" role="note">
          {t('chat.toolArgsViolations')}
          <ul>
            {verdict.problems.map((p) => (
              <li key={`${p.path} ${p.message}`}>
                {t('chat.toolProblemAt', { path: p.path || '/', message: p.message })}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'bad-schema':
      return (
        <div className="tool-check bad" role="note">
          {t('chat.toolArgsBadSchema', { message: verdict.problems[0]?.message ?? '' })}
        </div>
      );
    case 'unknown-tool':
      return <div className="tool-check muted">{t('chat.toolArgsUnknown', { name })}</div>;
    case 'no-schema':
      return <div className="tool-check muted">{t('chat.toolArgsNoSchema', { name })}</div>;
  }
}

function OneCall({
  call,
  tool,
  result,
  onResult,
  answerable,
}: {
  call: ToolCall;
  tool: ChatTool | undefined;
  result: string | undefined;
  onResult: (text: string) => void;
  answerable: boolean;
}) {
  const args = useMemo(() => shownArguments(call.arguments), [call.arguments]);
  const verdict = useVerdict(call, tool);
  const mock = tool?.mock;
  return (
    <div className="tool-call" role="group" aria-label={t('chat.toolCallNamed', { name: call.name })}>
      <div className="tool-call-head">
        <span className="tool-call-label">{t('chat.toolCall')}</span> <code>{call.name}</code>
      </div>
      {args ? <pre className="tool-call-args">{args}</pre> : null}
      {answerable ? (
        <>
          <VerdictNote verdict={verdict} name={call.name} />
          <div className="field tool-result-field">
            <label>
              {t('chat.toolResultFor', { name: call.name })}
              <textarea
                className="mono"
                rows={3}
                spellCheck={false}
                value={result ?? ''}
                placeholder={t('chat.toolResultPlaceholder')}
                onChange={(e) => onResult(e.target.value)}
              />
            </label>
            {mock !== undefined ? (
              <button type="button" className="ghost small" onClick={() => onResult(mock)}>
                {t('chat.toolUseMock')}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The results already sent for the calls of the message at `position` (the tool messages after it). */
export function resultsAfter(messages: readonly StoredMessage[], position: number): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = position + 1; i < messages.length && messages[i].role === 'tool'; i++) {
    const { toolCallId, content } = messages[i];
    if (toolCallId) found.set(toolCallId, content);
  }
  return found;
}

/**
 * The tool (function) calls a reply asked for: each one's name and arguments, checked against
 * its function's parameters, and a box for its result. "Send results" continues the
 * conversation with one `tool` message per call; sending again for calls already answered keeps
 * the earlier results as another version (see docs/architecture.md "Tools").
 */
export function ToolCallBlock({
  calls,
  position,
  idle = false,
  answerable = false,
}: {
  calls: ToolCall[];
  /** The message's place in the conversation; the results follow it. */
  position?: number;
  idle?: boolean;
  /** False where results cannot be sent from (a comparison column, the request log). */
  answerable?: boolean;
}) {
  const tools = useChat((s) => s.params.tools);
  const messages = useChat((s) => s.messages);
  const sendToolResults = useChat((s) => s.sendToolResults);
  const sent = useMemo(
    () => (position === undefined ? new Map<string, string>() : resultsAfter(messages, position)),
    [messages, position],
  );
  const ids = calls.map((c, i) => toolCallIdOf(c, i));
  const [results, setResults] = useState<Record<string, string>>(() => Object.fromEntries(sent));
  useEffect(() => setResults(Object.fromEntries(sent)), [sent]);
  const complete = ids.every((id) => (results[id] ?? '').trim() !== '');
  const answered = ids.every((id) => sent.has(id));
  const canAnswer = answerable && position !== undefined;
  return (
    <div className="tool-calls">
      {calls.map((call, i) => (
        <OneCall
          key={ids[i]}
          call={call}
          tool={tools?.find((tool) => tool.function.name === call.name)}
          result={results[ids[i]]}
          onResult={(text) => setResults((r) => ({ ...r, [ids[i]]: text }))}
          answerable={canAnswer}
        />
      ))}
      {canAnswer ? (
        <div className="tool-send">
          <button
            type="button"
            className="small"
            disabled={!idle || !complete}
            onClick={() =>
              void sendToolResults(
                position,
                calls.map((c, i) => ({ toolCallId: ids[i], toolName: c.name, content: results[ids[i]] })),
              )
            }
          >
            {answered ? t('chat.toolSendAgain') : t('chat.toolSendResults')}
          </button>
          <span className="muted small-note">
            {!complete ? t('chat.toolSendHint') : answered ? t('chat.toolAnswered') : ''}
          </span>
        </div>
      ) : null}
    </div>
  );
}
