import type { LogEntry } from '../../../src-shared/log/log-entry';
import { SECRET_HEADER } from './secret-headers';

/** What stands where a key or a credential header was. */
export const HAR_REDACTED = '[redacted]';
/**
 * Anything shaped like an OpenAI-style key (`sk-` and a run of key characters), whichever key it
 * is: the scrubber knows only the keys this app holds, and a HAR file is made to be shared.
 */
const KEY_SHAPED = /sk-[A-Za-z0-9_-]{4,}/g;

interface HarOptions {
  creatorVersion: string;
  /** The request body as sent, when the log still keeps it whole (bodies over 4 KB). */
  fullBody: (id: number) => { text: string; bytes: number } | undefined;
  /** Removes the keys the app knows (and runs of them) from text. */
  scrub: (text: string) => string;
}

type HarHeader = { name: string; value: string };

function harHeaders(headers: Record<string, string> | undefined): HarHeader[] {
  return Object.entries(headers ?? {}).map(([name, value]) => ({
    name,
    value: SECRET_HEADER.test(name)
      ? /^bearer\s/i.test(value)
        ? `Bearer ${HAR_REDACTED}`
        : HAR_REDACTED
      : value,
  }));
}

function queryString(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

const ENDED: Record<LogEntry['state'], string | undefined> = {
  pending: 'Still pending when the log was exported.',
  done: undefined,
  failed: 'Failed',
  stopped: 'Stopped by the user before the reply finished; the response is what arrived.',
  cut: 'Cut: the reply began but did not finish; the response is what arrived.',
};

function harEntry(e: LogEntry, opts: HarOptions) {
  const full = opts.fullBody(e.id);
  const body = full?.text ?? e.requestBody;
  const firstByte = e.firstByteMs ?? e.endMs ?? 0;
  const receive = e.endMs !== undefined && e.firstByteMs !== undefined ? e.endMs - e.firstByteMs : 0;
  const requestType = Object.entries(e.requestHeaders).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  const comment = [ENDED[e.state], e.error].filter(Boolean).join(' — ');
  return {
    startedDateTime: new Date(e.startedAt).toISOString(),
    time: firstByte + receive,
    request: {
      method: e.method,
      url: e.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(e.requestHeaders),
      queryString: queryString(e.url),
      ...(body !== undefined
        ? {
            postData: {
              mimeType: requestType ?? 'application/json',
              text: body,
              ...(Buffer.byteLength(body) < e.requestBytes
                ? { comment: `Only the first part of a ${e.requestBytes}-byte body is kept in the log.` }
                : {}),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: e.requestBytes,
    },
    response: {
      // 0: no response arrived (as browsers export a failed or aborted request).
      status: e.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(e.responseHeaders),
      content: {
        size: e.responseBytes,
        mimeType: e.contentType ?? 'x-unknown',
        ...(e.responseStart !== undefined ? { text: e.responseStart } : {}),
        ...(e.responseStart !== undefined && e.responseStart.length < e.responseBytes
          ? { comment: 'The log keeps the start of each response only.' }
          : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: e.state === 'pending' ? -1 : e.responseBytes,
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: firstByte, receive },
    ...(comment ? { comment } : {}),
    // Custom fields start with an underscore (HAR 1.2): how the call ended and the streamed reply.
    _state: e.state,
    ...(e.requestId ? { _requestId: e.requestId } : {}),
    ...(e.stream ? { _assembledReply: e.stream } : {}),
  };
}

/**
 * The session's request log as a HAR 1.2 file, oldest call first. No key leaves in it: credential
 * headers are replaced, then the whole text passes the app's key scrubber and loses anything
 * shaped like a key.
 */
export function buildHar(entries: LogEntry[], opts: HarOptions): string {
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'Gatehouse', version: opts.creatorVersion },
      pages: [],
      entries: entries.map((e) => harEntry(e, opts)),
    },
  };
  return opts.scrub(JSON.stringify(har, null, 2)).replace(KEY_SHAPED, HAR_REDACTED);
}
