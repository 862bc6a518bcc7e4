import { describe, expect, it } from 'vitest';
import { errorBody, errorEnvelope } from './error-envelope';

describe('HTTP-200 error envelopes', () => {
  it('reads the shapes gateways send', () => {
    expect(
      errorEnvelope({
        error: { message: 'bad model', type: 'invalid_request_error', code: 'model_not_found' },
      }),
    ).toEqual({
      message: 'bad model',
      type: 'invalid_request_error',
      code: 'model_not_found',
    });
    expect(errorEnvelope({ error: 'quota exhausted' })).toEqual({ message: 'quota exhausted' });
    expect(errorEnvelope({ code: 40001, msg: '令牌额度已用尽', data: null })).toEqual({
      message: '令牌额度已用尽',
      code: '40001',
    });
    expect(errorEnvelope({ detail: { message: 'too long', error_type: 'tokens_exceeded' } })).toEqual({
      message: 'too long',
      type: 'tokens_exceeded',
    });
    expect(errorEnvelope({ base_resp: { status_code: 1004, status_msg: 'auth failed' } })).toEqual({
      message: 'auth failed',
      code: '1004',
    });
    expect(errorEnvelope({ success: false, message: 'no' })).toEqual({ message: 'no' });
  });

  it('leaves successful bodies alone, wrapped or not', () => {
    expect(errorEnvelope({ id: 'chatcmpl-1', choices: [] })).toBeUndefined();
    expect(errorEnvelope({ code: 0, msg: 'success', data: { task_id: 't' } })).toBeUndefined();
    expect(errorEnvelope({ code: 200, data: {} })).toBeUndefined();
    expect(errorEnvelope({ base_resp: { status_code: 0, status_msg: 'success' } })).toBeUndefined();
    expect(errorEnvelope({ error: null, status: 'succeeded' })).toBeUndefined();
    expect(errorEnvelope([1, 2])).toBeUndefined();
    expect(errorEnvelope('text')).toBeUndefined();
  });
});

describe('error bodies of every common shape', () => {
  it('reads Gemini’s array, OpenRouter’s metadata.raw and Portkey’s status as envelopes', () => {
    expect(
      errorEnvelope([{ error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } }]),
    ).toEqual({ message: 'API key not valid.', code: '400', type: 'INVALID_ARGUMENT' });
    expect(
      errorEnvelope({
        error: {
          message: 'Provider returned error',
          code: 429,
          metadata: { raw: '{"error":{"message":"slow down"}}' },
        },
      })?.message,
    ).toBe('Provider returned error: slow down');
    expect(errorEnvelope({ status: 'failure', message: 'header is required' })).toEqual({
      message: 'header is required',
    });
    expect(errorEnvelope({ status: 'succeeded', message: 'ok' })).toBeUndefined();
  });

  it('reads the looser shapes only from a body known to be an error', () => {
    expect(errorBody('upstream failed')).toEqual({ message: 'upstream failed' });
    expect(errorBody({ message: 'model not found' })).toEqual({ message: 'model not found' });
    expect(errorBody({ detail: 'Not authenticated' })).toEqual({ message: 'Not authenticated' });
    expect(errorBody({ detail: 'Request timed out', error_type: 'request_timeout' })).toEqual({
      message: 'Request timed out',
      type: 'request_timeout',
    });
    expect(errorBody({ detail: [{ msg: 'a' }, { msg: 'b' }] })).toEqual({ message: 'a; b' });
    expect(errorEnvelope({ message: 'model not found' })).toBeUndefined();
    expect(errorBody({ id: 'chatcmpl-1', choices: [] })).toBeUndefined();
  });
});
