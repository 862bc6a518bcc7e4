import { KEY_ENV, secretHeaderVariable } from '../../../src-shared/request/code-connection';
import { shellQuote } from '../../../src-shared/request/gateway-address';
import { keyHint } from './gateway-urls';
import { type LogEntry, MAX_LOG_ENTRIES } from '../../../src-shared/log/log-entry';
import type { EventSourceMessage } from 'eventsource-parser';
import { LogStreamAssembler } from './log-stream-assembler';
import { buildHar } from './request-log-har';
import { SECRET_HEADER } from './secret-headers';

const BODY_KEEP = 4096;
const RESPONSE_KEEP = 2048;
const MAX_ENTRIES = MAX_LOG_ENTRIES;
/** A request body is kept whole for "Copy as curl" up to this size… */
const CURL_BODY_CAP = 1024 * 1024;
/** …and the whole bodies of all entries together up to this, the oldest dropped first. */
const CURL_BODIES_BUDGET = 16 * 1024 * 1024;

/** What stands in the log for a secret header's value. */
export const SECRET_VALUE_REMOVED = '[secret removed]';

/** Which of a request's headers carry secrets, beyond `Authorization` and SECRET_HEADER's names. */
export interface HeaderSecrets {
  /** The header carrying the key (a profile's auth header, e.g. `api-key`): shown as a hint. */
  keyHeader?: string;
  /** A profile's secret headers: their values never reach the log. */
  secretHeaders?: readonly string[];
}

export function redactHeaders(
  headers: Record<string, string>,
  secrets: HeaderSecrets = {},
): Record<string, string> {
  const keyHeader = secrets.keyHeader?.toLowerCase();
  const secret = new Set((secrets.secretHeaders ?? []).map((n) => n.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') {
      const key = value.replace(/^Bearer\s+/i, '');
      out[name] = key ? `Bearer ${keyHint(key)}` : value;
    } else if (lower === keyHeader) out[name] = keyHint(value);
    else if (secret.has(lower) || SECRET_HEADER.test(name)) out[name] = SECRET_VALUE_REMOVED;
    else out[name] = value;
  }
  return out;
}

/** Response headers kept per entry, and the longest value kept of each. */
const RESPONSE_HEADERS_KEEP = 40;
const HEADER_VALUE_KEEP = 512;

/** The response headers the log keeps: bounded, secrets removed, every value scrubbed. */
export function keptResponseHeaders(
  headers: Iterable<[string, string]>,
  scrub: (text: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of headers) {
    if (n++ >= RESPONSE_HEADERS_KEEP) break;
    out[name] = SECRET_HEADER.test(name) ? '[removed]' : scrub(value.slice(0, HEADER_VALUE_KEEP));
  }
  return out;
}

/** Per-session record of every gateway call; listeners hear each change for the log panel. */
export class RequestLog {
  private entries: LogEntry[] = [];
  private nextId = 1;
  private listeners = new Set<(entry: LogEntry) => void>();
  /** Request bodies kept for curl beyond the short preview the window gets (insertion-ordered). */
  private bodies = new Map<number, { text: string; bytes: number }>();
  private bodiesSize = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** Removes keys (and runs of a key) from what the log keeps; see core/security/key-scrubber. */
    private readonly scrub: (text: string) => string = (text) => text,
  ) {}

  onChange(listener: (entry: LogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  list(): LogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  get(id: number): LogEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  clear(): void {
    this.entries = [];
    this.bodies.clear();
    this.bodiesSize = 0;
  }

  /** The whole log as a HAR 1.2 file with every key and credential header redacted. */
  toHar(creatorVersion: string): string {
    return buildHar(this.list(), { creatorVersion, fullBody: (id) => this.fullBody(id), scrub: this.scrub });
  }

  /** The request body as sent (up to CURL_BODY_CAP), if it is still kept; see `toCurl`. */
  fullBody(id: number): { text: string; bytes: number } | undefined {
    return this.bodies.get(id);
  }

  private keepBody(id: number, body: string): void {
    const bytes = Buffer.byteLength(body);
    const text = bytes > CURL_BODY_CAP ? Buffer.from(body).subarray(0, CURL_BODY_CAP).toString('utf8') : body;
    this.bodies.set(id, { text, bytes });
    this.bodiesSize += text.length;
    for (const [old, kept] of this.bodies) {
      if (this.bodiesSize <= CURL_BODIES_BUDGET || old === id) break;
      this.bodies.delete(old);
      this.bodiesSize -= kept.text.length;
    }
  }

  begin(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
    secrets: HeaderSecrets = {},
  ): LogTicket {
    const entry: LogEntry = {
      id: this.nextId++,
      method,
      url,
      requestHeaders: redactHeaders(headers, secrets),
      keyHeader: secrets.keyHeader,
      requestBody: body === undefined ? undefined : body.slice(0, BODY_KEEP),
      requestBytes: body === undefined ? 0 : Buffer.byteLength(body),
      startedAt: this.now(),
      responseBytes: 0,
      state: 'pending',
    };
    this.entries.push(entry);
    if (body !== undefined && body.length > BODY_KEEP) this.keepBody(entry.id, body);
    if (this.entries.length > MAX_ENTRIES) {
      const gone = this.entries.shift();
      const kept = gone && this.bodies.get(gone.id);
      if (gone && kept) {
        this.bodies.delete(gone.id);
        this.bodiesSize -= kept.text.length;
      }
    }
    this.emit(entry);
    return new LogTicket(entry, this.now, () => this.emit(entry), this.scrub);
  }

  private emit(entry: LogEntry): void {
    for (const l of this.listeners) l({ ...entry });
  }
}

/**
 * One call's entry, moved along as the call goes: headers, body chunks, then exactly one ending
 * (`finish`, `fail`, `stop` or `cut`). A streamed reply (text/event-stream) is also assembled as
 * it passes (log-stream-assembler.ts) and kept with the entry when it ends.
 */
export class LogTicket {
  private decoder = new TextDecoder();
  private textual = true;
  private assembler?: LogStreamAssembler;
  /** A reader hands the assembler its parsed events (`takeEvents`): the bytes are not parsed here. */
  private eventsTaken = false;

  constructor(
    readonly entry: LogEntry,
    private readonly now: () => number,
    private readonly changed: () => void,
    private readonly scrub: (text: string) => string = (text) => text,
  ) {}

  private elapsed(): number {
    return this.now() - this.entry.startedAt;
  }

  headers(
    status: number,
    contentType: string | null,
    requestId?: string,
    all?: Iterable<[string, string]>,
  ): void {
    this.entry.status = status;
    if (requestId) this.entry.requestId = requestId;
    this.entry.firstByteMs = this.elapsed();
    this.entry.contentType = contentType ?? undefined;
    if (all) this.entry.responseHeaders = keptResponseHeaders(all, this.scrub);
    this.textual = !contentType || /json|text|event-stream|xml/i.test(contentType);
    if (contentType && /event-stream/i.test(contentType)) this.assembler = new LogStreamAssembler();
    this.changed();
  }

  /**
   * For a reader that parses the stream itself (the chat's, read-reply.ts), called before the
   * first chunk: the log's assembler then reads that reader's events, each with its parse, rather
   * than decoding and parsing the same bytes again. Undefined when the log assembles no stream
   * for this reply (it is not `text/event-stream`).
   */
  takeEvents(): ((event: EventSourceMessage, parsed?: unknown) => void) | undefined {
    if (!this.assembler) return undefined;
    this.eventsTaken = true;
    return (event, parsed) => this.assembler?.event(event, parsed);
  }

  chunk(bytes: Uint8Array): void {
    this.entry.responseBytes += bytes.byteLength;
    if (!this.eventsTaken) this.assembler?.feed(bytes);
    const kept = this.entry.responseStart?.length ?? 0;
    if (this.textual && kept < RESPONSE_KEEP) {
      const text = this.decoder.decode(bytes, { stream: true });
      this.entry.responseStart = this.scrub(
        ((this.entry.responseStart ?? '') + text).slice(0, RESPONSE_KEEP),
      );
    }
  }

  /**
   * The body was read to its end. A stream that closed without `[DONE]` or a finish reason did
   * not finish, whatever the status said: it is marked cut.
   */
  finish(): void {
    if (!this.textual)
      this.entry.responseStart = `(${this.entry.contentType}, ${this.entry.responseBytes} bytes)`;
    const stream = this.assembler;
    if (stream && stream.eventCount > 0 && !stream.complete) {
      this.end('cut', stream.errorMessage ?? 'The stream ended without [DONE] or a finish reason.');
      return;
    }
    this.end('done');
  }

  fail(message: string): void {
    this.end('failed', this.assembler?.errorMessage ?? message);
  }

  /** The user stopped the call (Stop, or the window that asked went away). */
  stop(message: string): void {
    this.end('stopped', message);
  }

  /** The connection dropped after the reply had begun. */
  cut(message: string): void {
    this.end('cut', message);
  }

  private end(state: LogEntry['state'], message?: string): void {
    this.entry.endMs = this.elapsed();
    this.entry.state = state;
    if (message !== undefined) this.entry.error = this.scrub(message);
    // A stream that carried no event (a whole JSON body labelled as a stream) has nothing to show.
    if (this.assembler && this.assembler.eventCount > 0)
      this.entry.stream = this.assembler.summary(this.scrub);
    this.assembler = undefined;
    this.changed();
  }
}

/**
 * A curl line that reads the key from $GATEWAY_API_KEY (and each secret header from a variable of
 * its own, named as View code names it: src-shared/request/code-connection.ts), so a pasted
 * command never leaks them. The
 * body is the one sent, whole when `full` has it; otherwise (too big, or dropped from memory)
 * a comment line above the command says that the body is cut and will not parse.
 */
export function toCurl(entry: LogEntry, full?: { text: string; bytes: number }): string {
  const parts = ['curl', '-X', entry.method, shellQuote(entry.url)];
  for (const [name, value] of Object.entries(entry.requestHeaders)) {
    // The key header first: a profile may send the bare key in Authorization (no Bearer).
    if (name.toLowerCase() === entry.keyHeader?.toLowerCase()) parts.push('-H', `"${name}: $${KEY_ENV}"`);
    else if (name.toLowerCase() === 'authorization') parts.push('-H', `"Authorization: Bearer $${KEY_ENV}"`);
    else if (value === SECRET_VALUE_REMOVED) parts.push('-H', `"${name}: $${secretHeaderVariable(name)}"`);
    else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  const body = full?.text ?? entry.requestBody;
  if (body !== undefined) parts.push('--data-raw', shellQuote(body));
  const sentBytes = full?.bytes ?? entry.requestBytes;
  const cut = body !== undefined && Buffer.byteLength(body) < sentBytes;
  const note = cut
    ? `# The request body was ${sentBytes.toLocaleString('en')} bytes; only the first ${Buffer.byteLength(body).toLocaleString('en')} are kept here, so the body below is cut and will not parse.\n`
    : '';
  return note + parts.join(' ');
}
