import { describe, expect, it } from 'vitest';
import { pauseKind } from './batch-run';

const reason = (code: string, status?: number) => ({ code, message: 'm', status, at: 1 });

describe('pauseKind: one next step per reason a run pauses itself', () => {
  it('reads the code the batch runner gives', () => {
    expect(pauseKind(reason('payment_required', 402))).toBe('balance');
    expect(pauseKind(reason('unauthorized', 401))).toBe('key');
    expect(pauseKind(reason('no_key'))).toBe('noKey');
    expect(pauseKind(reason('network'))).toBe('network');
  });

  it('falls back on the status for a code it does not know, else "other"', () => {
    expect(pauseKind(reason('quota', 402))).toBe('balance');
    expect(pauseKind(reason('revoked', 401))).toBe('key');
    expect(pauseKind(reason('something'))).toBe('other');
  });
});
