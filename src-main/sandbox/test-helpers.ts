// Shared by the sandbox tests: raw HTTP helpers that see exactly what the server sends.
export const KEY = 'sk-test';

export function post(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function chatBody(content: string, extra: Record<string, unknown> = {}) {
  return { model: 'sandbox-chat-1', messages: [{ role: 'user', content }], ...extra };
}

export interface SseRead {
  comments: string[];
  /** `data:` payloads in order, raw strings. */
  data: string[];
  /** True when the body ended with a network error (cut stream). */
  broken: boolean;
  /** Network reads that ended inside a UTF-8 character. */
  splitReads: number;
}

/** Reads an SSE body read by read, decoding UTF-8 across reads as a careful client must. */
export async function readSse(res: Response): Promise<SseRead> {
  const out: SseRead = { comments: [], data: [], broken: false, splitReads: 0 };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const strict = new TextDecoder('utf-8', { fatal: true });
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      try {
        strict.decode(value);
      } catch {
        out.splitReads++;
      }
      buffer += decoder.decode(value, { stream: true });
    }
  } catch {
    out.broken = true;
  }
  buffer += decoder.decode();
  for (const block of buffer.split('\n\n')) {
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) out.comments.push(line.slice(1).trim());
      else if (line.startsWith('data: ')) out.data.push(line.slice(6));
    }
  }
  return out;
}

/** Joins the delta texts of parsed chat chunks. */
export function joinDeltas(data: string[]): string {
  return data
    .filter((d) => d !== '[DONE]')
    .map((d) => JSON.parse(d) as { choices?: { delta?: { content?: string } }[] })
    .map((c) => c.choices?.[0]?.delta?.content ?? '')
    .join('');
}

// Chunks are read field by field in assertions; a wrong read fails the test anyway.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface AssembledStream {
  /** Every chunk but `[DONE]`, parsed. */
  chunks: Loose[];
  content: string;
  toolCalls: { id: string; type: string; name: string; arguments: string }[];
  /** `logprobs.content` entries of every chunk, in order. */
  logprobs: { token: string; logprob: number; bytes: number[]; top_logprobs: unknown[] }[];
  finishReason: string | null;
  usage: Loose;
}

/** Puts a streamed chat reply back together as a careful client would: tool calls by `index`. */
export function assembleStream(data: string[]): AssembledStream {
  const chunks = data.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as Loose);
  const out: AssembledStream = {
    chunks,
    content: '',
    toolCalls: [],
    logprobs: [],
    finishReason: null,
    usage: undefined,
  };
  for (const chunk of chunks) {
    if (chunk.usage) out.usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    out.content += choice.delta?.content ?? '';
    for (const call of choice.delta?.tool_calls ?? []) {
      const slot = (out.toolCalls[call.index] ??= { id: '', type: '', name: '', arguments: '' });
      if (call.id) slot.id = call.id;
      if (call.type) slot.type = call.type;
      slot.name += call.function?.name ?? '';
      slot.arguments += call.function?.arguments ?? '';
    }
    out.logprobs.push(...(choice.logprobs?.content ?? []));
    if (choice.finish_reason) out.finishReason = choice.finish_reason;
  }
  return out;
}
