import type { LogEntry } from '../../../src-shared/log/log-entry';

/**
 * Entries whose method, address, status or error contain every word typed (any case); a word
 * `failed`, `pending`, `stopped`, `cut` or `4xx`/`5xx` matches those calls, and so does the
 * status column's own word in the window's language (`label`). Empty keeps everything.
 */
export function filterLog(
  entries: LogEntry[],
  query: string,
  label: (e: LogEntry) => string = () => '',
): LogEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((e) => {
    const text =
      `${e.method} ${e.url} ${e.status ?? ''} ${e.state} ${e.error ?? ''} ${e.requestId ?? ''} ${label(e)}`.toLowerCase();
    return words.every((w) => {
      const range = /^([1-5])xx$/.exec(w);
      if (range) return e.status !== undefined && Math.floor(e.status / 100) === Number(range[1]);
      return text.includes(w);
    });
  });
}

/** A body shown indented when it is JSON, as sent otherwise (cut bodies do not parse). */
export function prettyBody(body: string): string {
  const trimmed = body.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
