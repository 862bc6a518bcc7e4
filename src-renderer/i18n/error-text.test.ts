import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

describe('errorText', () => {
  it('reads like help, per status', () => {
    expect(errorText({ code: 'unauthorized', message: 'x', status: 401 }).text).toBe(
      'The key was refused — check it in Settings.',
    );
    expect(errorText({ code: 'payment_required', message: 'x' }).text).toMatch(/balance is too low/);
    expect(errorText({ code: 'not_found', message: 'x', status: 404 }).text).toMatch(
      /No such model or endpoint/,
    );
    expect(errorText({ code: 'rate_limited', message: 'x', retryAfterMs: 2500 }).text).toBe(
      'Rate limited — retry in 3 s.',
    );
    // The status is shown once beside the text (ErrorNotice), so the text does not repeat it.
    expect(errorText({ code: 'server_error', message: 'x', status: 503 }).text).toBe(
      'The gateway had an internal error. Try again shortly.',
    );
    // An internal error reported in a 200 body has no status to name.
    expect(errorText({ code: 'server_error', message: 'x' }).text).not.toMatch(/HTTP/);
    expect(errorText({ code: 'timeout', message: 'x' }).text).toMatch(/did not answer in time/);
    expect(errorText({ code: 'network', message: 'x' }).text).toMatch(/could not be reached/);
  });

  it("shows main's own words when a record is gone, not the gateway's 404 text", () => {
    const message =
      'The question set was deleted while this run was in progress, so the run could not be kept.';
    expect(errorText({ code: 'not_found', message }).text).toBe(message);
  });

  it("puts the gateway's own message in a 400, and beside other errors", () => {
    expect(
      errorText({ code: 'bad_request', message: 'x', details: { gatewayMessage: 'messages is required' } })
        .text,
    ).toBe('The gateway rejected the request: messages is required');
    const r = errorText({
      code: 'server_error',
      message: 'x',
      status: 500,
      details: { gatewayMessage: 'db down' },
    });
    expect(r.gatewaySaid).toBe('The gateway said: “db down”');
  });

  it('says which limit ended a streamed reply, that its text is kept, and where the deadline is set', () => {
    expect(errorText({ code: 'timeout', message: 'x', details: { deadlineSec: 600 } }).text).toBe(
      'The reply was still arriving after 600 s, this profile’s reply deadline, so it was stopped there. The text up to that point is kept. If the model needs longer, raise Reply deadline in the profile’s Settings.',
    );
    const event = { limitBytes: 4 * 1024 * 1024, streamLimit: 'event' };
    expect(errorText({ code: 'bad_response', message: 'x', details: event }).text).toMatch(
      /^The gateway sent a single event larger than 4 MB, .* The text up to that point is kept/,
    );
    const reply = { limitBytes: 64 * 1024 * 1024, streamLimit: 'reply' };
    expect(errorText({ code: 'bad_response', message: 'x', details: reply }).text).toMatch(
      /^The streamed reply passed 64 MB, .* The text up to that point is kept/,
    );
    // A whole reply over its cap is still refused as before, with nothing kept.
    expect(
      errorText({ code: 'bad_response', message: 'x', details: { limitBytes: 16 * 1024 * 1024 } }).text,
    ).toMatch(/larger than 16 MB.*not kept/);
  });

  it('says which redirect was refused: into a private network, or to a scheme never opened', () => {
    const internal = errorText({
      code: 'bad_response',
      message: 'x',
      status: 302,
      details: { redirect: 'internal_address', host: '127.0.0.2:8080' },
    }).text;
    expect(internal).toMatch(
      /redirected to 127\.0\.0\.2:8080, which is on this computer or a private network/,
    );
    const scheme = errorText({
      code: 'bad_response',
      message: 'x',
      status: 302,
      details: { redirect: 'scheme', scheme: 'file:', host: 'file:///etc/passwd' },
    }).text;
    expect(scheme).toMatch(/redirected to a file: address, which Gatehouse never opens/);
  });

  it('says how deep a reply nested, rather than the generic unreadable-reply text', () => {
    expect(
      errorText({ code: 'bad_response', message: 'x', status: 200, details: { limitDepth: 100 } }).text,
    ).toBe(
      'The gateway sent JSON nested deeper than 100 levels, which Gatehouse does not read. Check the gateway; the raw reply is in the request log.',
    );
  });

  it('says a full disk with the folder and the space needed, and what to do', () => {
    expect(
      errorText({
        code: 'disk_full',
        message: 'x',
        details: { folder: '/data/media', neededBytes: 3 * 1024 * 1024 },
      }).text,
    ).toBe(
      'The disk is full: /data/media has no room for 3 MB more. Free at least that much on that disk (or choose another folder) and try again.',
    );
    expect(errorText({ code: 'disk_full', message: 'x', details: { folder: '/data' } }).text).toMatch(
      /^The disk is full: \/data has no room\. Free some space/,
    );
    expect(errorText({ code: 'disk_full', message: 'x' }).text).toMatch(/^The disk is full/);
  });
});
