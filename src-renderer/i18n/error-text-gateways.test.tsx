import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorNotice } from '../app/ErrorNotice';
import { errorText } from './error-text';

describe('errorText for the errors real gateways send', () => {
  it('explains 403, 422 and 529 in plain words', () => {
    expect(errorText({ code: 'forbidden', message: 'x', status: 403 }).text).toMatch(
      /refused access: the key is missing/,
    );
    expect(
      errorText({
        code: 'bad_request',
        message: 'x',
        status: 422,
        details: { gatewayMessage: 'a score question needs at least two levels' },
      }).text,
    ).toBe('The gateway could not accept the request as written: a score question needs at least two levels');
    expect(errorText({ code: 'overloaded', message: 'x', status: 529 }).text).toMatch(/overloaded right now/);
  });

  it('says which judge limit was exceeded and by how much', () => {
    const pair = errorText({
      code: 'too_large',
      message: 'x',
      status: 413,
      details: {
        limit: 'pair',
        limitTokens: 32_768,
        estimatedTokens: 40_000,
        overBy: 7_232,
        question: 'tone',
      },
    });
    expect(pair.text).toBe(
      'The state plus the longest question (“tone”) is about 40,000 tokens, 7,232 over the judge’s limit of 32,768. Shorten the state.',
    );
    const counted = errorText({
      code: 'too_large',
      message: 'x',
      details: { limit: 'total', limitTokens: 65_536, estimatedTokens: 60_000, overBy: 0 },
    });
    expect(counted.text).toMatch(
      /counted more than its limit of 65,536 tokens for the whole request.*60,000/,
    );
  });

  it('names the host of a DNS or refused connection, and never calls a cut reply unreachable', () => {
    expect(
      errorText({ code: 'network', message: 'x', details: { host: 'gateway.example.com', reason: 'dns' } })
        .text,
    ).toBe('Could not find gateway.example.com (DNS). Check the address in Settings and your network.');
    expect(
      errorText({ code: 'network', message: 'x', details: { host: '127.0.0.1:9', reason: 'refused' } }).text,
    ).toMatch(/^Nothing answered at 127\.0\.0\.1:9 \(connection refused\)/);
    const cut = errorText({ code: 'network', message: 'x', status: 200, details: { reason: 'cut' } }).text;
    expect(cut).toMatch(/connection was cut/);
    expect(cut).not.toMatch(/could not be reached/);
  });

  it('says a dead result link is no longer valid, not "no such model"', () => {
    const text = errorText({ code: 'link_expired', message: 'x', status: 404 }).text;
    expect(text).toMatch(/no longer valid/);
    expect(text).not.toMatch(/model/);
  });

  it('shows the status once and the request id in the notice', async () => {
    render(
      <ErrorNotice
        error={{
          code: 'server_error',
          message: 'The gateway had an internal error (HTTP 500). Try again shortly.',
          status: 500,
          details: { requestId: 'req-42' },
        }}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent?.match(/HTTP 500/g)).toHaveLength(1);
    expect(alert.textContent).toContain('Request id: req-42');
  });
});
