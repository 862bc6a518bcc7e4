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
