import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../src-shared/log/log-entry';
import { filterLog, prettyBody } from './log-filter';
import { statusClass, statusLabel } from './log-status';

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
  entry(5, 'https://gw.example/v1/chat/completions', { state: 'stopped', error: 'Stopped.' }),
  entry(6, 'https://gw.example/v1/chat/completions', { state: 'cut', error: 'The connection was cut.' }),
];
const ids = (q: string) => filterLog(log, q).map((e) => e.id);

describe('the request log filter', () => {
  it('keeps entries holding every word, any case, and all of them for an empty query', () => {
    expect(ids('')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids('CHAT')).toEqual([1, 4, 5, 6]);
    expect(ids('chat 503')).toEqual([4]);
    expect(ids('get models')).toEqual([2]);
    expect(ids('refused')).toEqual([3]);
    expect(ids('failed')).toEqual([3]);
  });

  it('matches a status class such as 4xx or 5xx', () => {
    expect(ids('4xx')).toEqual([2]);
    expect(ids('5xx')).toEqual([4]);
  });

  it('finds stopped and cut calls by that word, or by the word the status column shows', () => {
    expect(ids('stopped')).toEqual([5]);
    expect(ids('chat cut')).toEqual([6]);
    const chinese = (e: LogEntry) => (e.state === 'stopped' ? '已停止' : '');
    expect(filterLog(log, '已停止', chinese).map((e) => e.id)).toEqual([5]);
  });
});

describe('the status column', () => {
  it('says stopped or cut instead of the 200 the headers carried', () => {
    expect(statusLabel(log[4])).toBe('stopped');
    expect(statusClass(log[4])).toBe('log-status stopped');
    expect(statusLabel(log[5])).toBe('cut');
    expect(statusClass(log[5])).toBe('log-status cut');
    expect(statusLabel(log[0])).toBe('200');
    expect(statusClass(log[0])).toBe('log-status');
    expect(statusClass(log[1])).toBe('log-status bad');
    expect(statusLabel(log[2])).toBe('failed');
  });
});

describe('a body in the log', () => {
  it('is indented when it is JSON and left as sent when not', () => {
    expect(prettyBody('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    expect(prettyBody('{"cut":')).toBe('{"cut":');
    expect(prettyBody('plain text')).toBe('plain text');
  });
});
