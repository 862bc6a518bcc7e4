import { keyHint } from './gateway-urls';
import type { LogEntry } from '../../../src-shared/log/log-entry';

const BODY_KEEP = 4096;
const RESPONSE_KEEP = 2048;
const MAX_ENTRIES = 500;

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization') {
      const key = value.replace(/^Bearer\s+/i, '');
      out[name] = key ? `Bearer ${keyHint(key)}` : value;
    } else out[name] = value;
  }
  return out;
}

/** Per-session record of every gateway call; listeners hear each change for the log panel. */
export class RequestLog {
  private entries: LogEntry[] = [];
  private nextId = 1;
  private listeners = new Set<(entry: LogEntry) => void>();

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
  }

  begin(method: string, url: string, headers: Record<string, string>, body?: string): LogTicket {
    const entry: LogEntry = {
      id: this.nextId++,
      method,
      url,
      requestHeaders: redactHeaders(headers),
      requestBody: body === undefined ? undefined : body.slice(0, BODY_KEEP),
      requestBytes: body === undefined ? 0 : Buffer.byteLength(body),
      startedAt: this.now(),
      responseBytes: 0,
      state: 'pending',
    };
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
    this.emit(entry);
    return new LogTicket(entry, this.now, () => this.emit(entry), this.scrub);
  }

  private emit(entry: LogEntry): void {
    for (const l of this.listeners) l({ ...entry });
  }
}

export class LogTicket {
  private decoder = new TextDecoder();
  private textual = true;

  constructor(
    readonly entry: LogEntry,
    private readonly now: () => number,
    private readonly changed: () => void,
    private readonly scrub: (text: string) => string = (text) => text,
  ) {}

  private elapsed(): number {
    return this.now() - this.entry.startedAt;
  }

  headers(status: number, contentType: string | null, requestId?: string): void {
    this.entry.status = status;
    if (requestId) this.entry.requestId = requestId;
    this.entry.firstByteMs = this.elapsed();
    this.entry.contentType = contentType ?? undefined;
    this.textual = !contentType || /json|text|event-stream|xml/i.test(contentType);
    this.changed();
  }

  chunk(bytes: Uint8Array): void {
    this.entry.responseBytes += bytes.byteLength;
    const kept = this.entry.responseStart?.length ?? 0;
    if (this.textual && kept < RESPONSE_KEEP) {
      const text = this.decoder.decode(bytes, { stream: true });
      this.entry.responseStart = this.scrub(
        ((this.entry.responseStart ?? '') + text).slice(0, RESPONSE_KEEP),
      );
    }
  }

  finish(): void {
    this.entry.endMs = this.elapsed();
    this.entry.state = 'done';
    if (!this.textual)
      this.entry.responseStart = `(${this.entry.contentType}, ${this.entry.responseBytes} bytes)`;
    this.changed();
  }

  fail(message: string): void {
    this.entry.endMs = this.elapsed();
    this.entry.state = 'failed';
    this.entry.error = this.scrub(message);
    this.changed();
  }
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A curl line that reads the key from $GATEWAY_API_KEY, so a pasted command never leaks it. */
export function toCurl(entry: LogEntry): string {
  const parts = ['curl', '-X', entry.method, shellQuote(entry.url)];
  for (const [name, value] of Object.entries(entry.requestHeaders)) {
    if (name.toLowerCase() === 'authorization') parts.push('-H', '"Authorization: Bearer $GATEWAY_API_KEY"');
    else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (entry.requestBody !== undefined) parts.push('--data-raw', shellQuote(entry.requestBody));
  return parts.join(' ');
}
