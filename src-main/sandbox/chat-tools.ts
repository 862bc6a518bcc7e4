import type { ChatMessage, ChatRequest, ChatTool } from './chat-schema';
import { badRequest } from './errors';
import { breakInstance, instanceOf } from './json-schema-instance';
import type { Rng } from './seed';

export interface SandboxToolCall {
  id: string;
  name: string;
  /** JSON text, as the API sends it. */
  arguments: string;
}

export const PARALLEL_TRIGGER = '[sandbox:parallel]';
export const BREAK_SCHEMA_TRIGGER = '[sandbox:break-schema]';
export const INTERLEAVE_TRIGGER = '[sandbox:interleave]';

/** Text of a message's content, whatever its form (string, parts or null). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p: { type?: string; text?: string; refusal?: string }) =>
      p.type === 'text' ? (p.text ?? '') : p.type === 'refusal' ? (p.refusal ?? '') : '',
    )
    .join('\n');
}

/**
 * Checks what the real API checks about tools before it answers: a named `tool_choice` names a
 * given tool, `tool_choice` comes with `tools`, each `tool` message answers a call of an earlier
 * assistant message, and each assistant call is answered before the conversation moves on.
 */
export function validateToolUse(body: ChatRequest): void {
  const tools = body.tools ?? [];
  const choice = body.tool_choice;
  if (choice != null && tools.length === 0)
    throw badRequest('tool_choice', "tool_choice is only allowed when 'tools' are specified");
  if (choice && typeof choice === 'object' && !tools.some((t) => t.function.name === choice.function.name))
    throw badRequest(
      'tool_choice',
      `tool_choice names the function '${choice.function.name}', which is not in 'tools'`,
    );

  let pending: { index: number; ids: Set<string> } | undefined;
  const open = () => {
    if (pending && pending.ids.size > 0)
      throw badRequest(
        `messages[${pending.index}].role`,
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...pending.ids].join(', ')}`,
      );
  };
  const known = new Set<string>();
  body.messages.forEach((m, index) => {
    if (m.role === 'tool') {
      if (!known.has(m.tool_call_id))
        throw badRequest(
          `messages[${index}].tool_call_id`,
          `messages[${index}].tool_call_id '${m.tool_call_id}' matches no tool call of an earlier assistant message`,
        );
      if (!pending)
        throw badRequest(
          `messages[${index}].role`,
          `messages with role 'tool' must be a response to a preceding message with 'tool_calls'`,
        );
      pending.ids.delete(m.tool_call_id);
      return;
    }
    open();
    pending = undefined;
    if (m.role === 'assistant') {
      if (m.content == null && !m.tool_calls?.length && m.refusal == null)
        throw badRequest(
          `messages[${index}].content`,
          `messages[${index}].content is required unless the assistant message has tool_calls`,
        );
      if (m.tool_calls?.length) {
        pending = { index, ids: new Set(m.tool_calls.map((c) => c.id)) };
        for (const c of m.tool_calls) known.add(c.id);
      }
    }
  });
  open();
}

/** Whether this turn answers with tool calls: tools given, not 'none', and (for 'auto') no results just in. */
export function wantsToolCalls(body: ChatRequest): boolean {
  const tools = body.tools ?? [];
  const choice = body.tool_choice ?? 'auto';
  if (tools.length === 0 || choice === 'none') return false;
  if (choice === 'auto') return body.messages.at(-1)?.role !== 'tool';
  return true;
}

/**
 * The calls the Sandbox makes: the named tool for a named `tool_choice`; else the first tool whose
 * name the last user message mentions (or the first tool), plus a second call at once when
 * parallel calls are allowed and there are two tools or the prompt says `[sandbox:parallel]`.
 * Arguments are instances of each tool's `parameters` (broken with `[sandbox:break-schema]`).
 */
export function planToolCalls(body: ChatRequest, prompt: string, rng: Rng): SandboxToolCall[] {
  const tools = body.tools ?? [];
  const choice = body.tool_choice;
  let picked: ChatTool[];
  if (choice && typeof choice === 'object') {
    picked = tools.filter((t) => t.function.name === choice.function.name).slice(0, 1);
  } else {
    const mentioned = tools.findIndex((t) => prompt.includes(t.function.name));
    const first = Math.max(0, mentioned);
    picked = [tools[first]];
    if (body.parallel_tool_calls !== false) {
      if (tools.length >= 2) picked.push(tools[(first + 1) % tools.length]);
      else if (prompt.includes(PARALLEL_TRIGGER)) picked.push(tools[first]);
    }
  }
  const broken = prompt.includes(BREAK_SCHEMA_TRIGGER);
  return picked.map((t) => {
    const schema = t.function.parameters ?? { type: 'object', properties: {} };
    let args = instanceOf(schema, rng);
    if (broken) args = breakInstance(schema, args).instance;
    return { id: `call_${rng.hex(24)}`, name: t.function.name, arguments: JSON.stringify(args) };
  });
}

/** The tool messages at the end of the conversation, each with the name of the call it answers. */
export function trailingToolResults(messages: readonly ChatMessage[]): { name: string; content: string }[] {
  const names = new Map<string, string>();
  for (const m of messages)
    if (m.role === 'assistant') for (const c of m.tool_calls ?? []) names.set(c.id, c.function.name);
  const out: { name: string; content: string }[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role !== 'tool') break;
    out.unshift({ name: names.get(m.tool_call_id) ?? 'unknown', content: contentText(m.content) });
  }
  return out;
}
