import type { ToolCall } from '../../../src-shared/chat/conversation';
import { MAX_TOOL_CALLS } from '../../../src-shared/chat/conversation';

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Arguments as text: a string as sent; an object (Ollama sends one) written as JSON. */
const argumentsText = (v: unknown): string =>
  typeof v === 'string' ? v : v && typeof v === 'object' ? JSON.stringify(v) : '';

/**
 * Assembles tool calls from a reply. Streams send each call in fragments keyed by `index`: the
 * first with its id and function name, the rest with more of the arguments. A whole completion
 * sends them complete, without an index. The legacy `function_call` is one more call, no id.
 */
export class ToolCallAssembler {
  private readonly calls = new Map<string, ToolCall>();

  /** The `tool_calls` and `function_call` of one delta or message. */
  read(part: Rec | undefined, whole: boolean): void {
    // Most deltas carry no tool call: nothing is made for them, not even the loop's closure
    // (this runs for every delta, twice: the chat's reading and the log's).
    if (Array.isArray(part?.tool_calls)) this.readList(part.tool_calls, whole);
    const legacy = rec(part?.function_call);
    if (legacy) this.add('function_call', undefined, legacy);
  }

  private readList(list: unknown[], whole: boolean): void {
    list.forEach((raw, position) => {
      const call = rec(raw);
      if (!call) return;
      const id = str(call.id) || undefined;
      const key =
        typeof call.index === 'number'
          ? `index:${call.index}`
          : id
            ? `id:${id}`
            : whole
              ? `whole:${position}`
              : ([...this.calls.keys()].filter((k) => k !== 'function_call').at(-1) ?? 'index:0');
      this.add(key, id, rec(call.function));
    });
  }

  get list(): ToolCall[] {
    return [...this.calls.values()];
  }

  private add(key: string, id: string | undefined, fn: Rec | undefined) {
    let call = this.calls.get(key);
    if (!call) {
      if (this.calls.size >= MAX_TOOL_CALLS) return;
      call = { ...(id ? { id } : {}), name: '', arguments: '' };
      this.calls.set(key, call);
    }
    if (id && !call.id) call.id = id;
    const name = str(fn?.name);
    // Some servers repeat the whole name on every fragment; others send it once.
    if (name && name !== call.name) call.name += name;
    call.arguments += argumentsText(fn?.arguments);
  }
}
