import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../src-shared/log/log-entry';
import { filterLog, prettyBody } from './log-filter';

const entry = (id: number, url: string, extra: Partial<LogEntry> = {}): LogEntry => ({
  id,
  method: 'POST',
  url,
  requestHeaders: {},
  requestBytes: 1,
  responseBytes: 1,
  startedAt: 0,
  state: 'done',
  status: 200,
  ...extra,
});
const log = [
  entry(1, 'https://gw.example/v1/chat/completions'),
  entry(2, 'https://gw.example/v1/models', { method: 'GET', status: 401 }),
  entry(3, 'https://gw.example/v1/embeddings', {
    state: 'failed',
    status: undefined,
    error: 'connection refused',
  }),
  entry(4, 'https://gw.example/v1/chat/completions', { status: 503 }),
];
const ids = (q: string) => filterLog(log, q).map((e) => e.id);

describe('the request log filter', () => {
  it('keeps entries holding every word, any case, and all of them for an empty query', () => {
    expect(ids('')).toEqual([1, 2, 3, 4]);
    expect(ids('CHAT')).toEqual([1, 4]);
    expect(ids('chat 503')).toEqual([4]);
    expect(ids('get models')).toEqual([2]);
    expect(ids('refused')).toEqual([3]);
    expect(ids('failed')).toEqual([3]);
  });

  it('matches a status class such as 4xx or 5xx', () => {
    expect(ids('4xx')).toEqual([2]);
    expect(ids('5xx')).toEqual([4]);
  });
});

describe('a body in the log', () => {
  it('is indented when it is JSON and left as sent when not', () => {
    expect(prettyBody('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    expect(prettyBody('{"cut":')).toBe('{"cut":');
    expect(prettyBody('plain text')).toBe('plain text');
  });
});
