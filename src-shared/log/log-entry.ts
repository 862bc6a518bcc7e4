import type { ToolCall } from '../chat/conversation';

/** One gateway call as the request log shows it; the key is already redacted. */
/** Main keeps this many request log entries; the window keeps no more than main does. */
export const MAX_LOG_ENTRIES = 500;

/**
 * How a call ended: `stopped` when the user stopped it (Stop, a closed window), `cut` when a
 * reply that had begun ended early (the connection dropped, or a stream closed without its
 * `[DONE]` or a finish reason). Both may carry a 200: the status is what the headers said.
 */
export type LogState = 'pending' | 'done' | 'failed' | 'stopped' | 'cut';

/** Main keeps this much of a streamed reply's text and of its reasoning per entry. */
export const LOG_REPLY_KEEP = 8000;
export const LOG_REASONING_KEEP = 4000;

/**
 * One choice of a streamed reply as the log keeps it: text and reasoning cut to the limits above
 * (the character counts say how much arrived), the refusal and tool calls the model sent.
 */
export interface LogStreamChoice {
  text: string;
  textChars: number;
  reasoning: string;
  reasoningChars: number;
  /** The model's refusal (`delta.refusal`), apart from the text; absent when it did not refuse. */
  refusal?: string;
  /** Tool calls assembled from their fragments, each one's arguments cut to LOG_REPLY_KEEP. */
  toolCalls?: ToolCall[];
  finishReason?: string;
}

/**
 * A streamed (SSE) chat reply put back together by main from its events: what a reader wants
 * instead of hundreds of `data:` lines. The choice fields are the first choice's (index 0);
 * a request with `n` > 1 has the others in `otherChoices`.
 */
export interface LogStreamReply extends LogStreamChoice {
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  /** Events read (the closing `[DONE]` included). */
  events: number;
  /** The closing `data: [DONE]` arrived. */
  sawDone: boolean;
  /** The other choices of an `n` > 1 request, in index order. */
  otherChoices?: (LogStreamChoice & { index: number })[];
}

export interface LogEntry {
  id: number;
  method: string;
  url: string;
  /** Request headers with the key and every secret header value redacted. */
  requestHeaders: Record<string, string>;
  /** The header that carried the key when it is not `Authorization` (Azure's `api-key`). */
  keyHeader?: string;
  requestBody?: string;
  requestBytes: number;
  status?: number;
  startedAt: number;
  /** Milliseconds after start. */
  firstByteMs?: number;
  endMs?: number;
  responseBytes: number;
  /** The start of the response body (text), for a look without keeping everything. */
  responseStart?: string;
  contentType?: string;
  /** Response headers as received (a bounded number, long values cut). */
  responseHeaders?: Record<string, string>;
  /** The reply assembled from a streamed response, once it has ended. */
  stream?: LogStreamReply;
  /** The gateway's request id header, when it sent one: what its support asks for. */
  requestId?: string;
  error?: string;
  state: LogState;
}

/**
 * What main tells the user about their data once: a stored record or file that failed to read
 * and was set aside (`set-aside`), the one-time import of the files an earlier version wrote
 * (`imported`, with the folder that keeps the originals), or one of those folders that could not
 * be moved to that backup (`not-moved`; it stays, and the move is tried again at the next start).
 */
export type StorageNotice =
  | { kind: 'set-aside'; file: string; movedTo: string; reason: string; at: number }
  | { kind: 'imported'; records: number; backupDir: string; at: number }
  | { kind: 'not-moved'; folder: string; backupDir: string; reason: string; at: number };
