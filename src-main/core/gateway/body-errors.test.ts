import { describe, expect, it } from 'vitest';
import { codeFromEnvelope, htmlError } from './body-errors';

describe('codeFromEnvelope', () => {
  it('reads padded HTTP statuses and clear types, else bad_response', () => {
    expect(codeFromEnvelope({ code: '40001' })).toBe('bad_request');
    expect(codeFromEnvelope({ code: '401' })).toBe('unauthorized');
    expect(codeFromEnvelope({ code: '429001' })).toBe('rate_limited');
    expect(codeFromEnvelope({ code: '50302' })).toBe('server_error');
    expect(codeFromEnvelope({ type: 'insufficient_quota' })).toBe('payment_required');
    expect(codeFromEnvelope({ code: 'invalid_api_key' })).toBe('unauthorized');
    expect(codeFromEnvelope({ type: 'invalid_request_error' })).toBe('bad_request');
    expect(codeFromEnvelope({ code: '1234' })).toBe('bad_response');
    expect(codeFromEnvelope({})).toBe('bad_response');
  });
});

describe('htmlError', () => {
  it('keeps only the page title', () => {
    const err = htmlError('<html><head><title>\n  Access denied\n</title></head><body>…</body></html>');
    expect(err.gatewayMessage).toBe('Access denied');
    expect(err.code).toBe('bad_response');
  });
});
