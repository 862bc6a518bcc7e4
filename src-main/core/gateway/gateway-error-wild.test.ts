import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeBehaviours } from '../../test-support/wild-gateway/judge-behaviours';
import { startWildGateway, type WildGateway } from '../../test-support/wild-gateway/server';
import { GatewayClient } from './gateway-client';
import { GatewayError, gatewayMessageFrom } from './gateway-error';
import { downloadImage } from './images-api';
import { RequestLog } from './request-log';
import { createSpeech } from './speech-api';

let gw: WildGateway;
beforeAll(async () => {
  gw = await startWildGateway([
    ...judgeBehaviours,
    {
      // Headers and part of the body, then the socket dies: the gateway was reached.
      method: 'GET',
      path: '/v1/cut',
      handle: (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"data": [');
        setTimeout(() => res.socket?.destroy(), 20);
      },
    },
  ]);
});
afterAll(() => gw.close());

/** A login wall or proxy page that answers speech with HTTP 200 and HTML. */
async function htmlSpeechGateway() {
  return startWildGateway([
    {
      method: 'POST',
      path: '/v1/audio/speech',
      handle: (_req, res) => {
        res
          .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
          .end('<html><head><title>Sign in to continue</title></head><body>…</body></html>');
      },
    },
  ]);
}

const client = () => new GatewayClient({ fetch, log: new RequestLog() });
const target = () => ({ host: gw.origin, judgeSegment: 'partner', apiKey: 'sk-x' });
const caught = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as GatewayError,
  );

describe('errors that read right', () => {
  it('names the host when DNS cannot find it', async () => {
    const err = await caught(
      client().json(
        { host: 'http://gateway.invalid', judgeSegment: '' },
        { method: 'GET', url: 'http://gateway.invalid/v1/models' },
        { retries: 0 },
      ),
    );
    expect(err.message).toMatch(/^Could not find gateway\.invalid \(DNS\)/);
    expect(err.toAppError().details).toMatchObject({ host: 'gateway.invalid', reason: 'dns' });
    // The system's words are not the gateway's: the window must not say "the gateway said".
    expect(err.gatewayMessage).toBeUndefined();
  });

  it('says nothing answered at a closed port', async () => {
    const closed = await startWildGateway([]);
    const origin = closed.origin;
    await closed.close();
    const err = await caught(
      client().json(target(), { method: 'GET', url: `${origin}/v1/models` }, { retries: 0 }),
    );
    expect(err.message).toBe(
      `Nothing answered at ${new URL(origin).host} (connection refused). Is the gateway running at that address?`,
    );
  });

  it('never calls a reply cut after data arrived unreachable', async () => {
    const err = await caught(
      client().json(target(), { method: 'GET', url: `${gw.origin}/v1/cut` }, { retries: 0 }),
    );
    expect(err.code).toBe('network');
    expect(err.message).not.toMatch(/could not be reached/);
    expect(err.toAppError().details).toMatchObject({ reason: 'cut' });
  });

  it('reduces HTML error pages to their title or heading, never the markup', () => {
    expect(gatewayMessageFrom('<html><head><title>403 Forbidden</title></head><body>…</body></html>')).toBe(
      '403 Forbidden',
    );
    expect(gatewayMessageFrom(`<body><h1>Service &amp; Co unavailable</h1>${'x'.repeat(400)}</body>`)).toBe(
      'Service & Co unavailable',
    );
  });

  it('says a result link that answers 404 is no longer valid', async () => {
    const err = await caught(downloadImage(client(), target(), `${gw.origin}/files/gone.png`));
    expect(err.code).toBe('link_expired');
    expect(err.message).toMatch(/no longer valid/);
    expect(err.message).not.toMatch(/model/);
  });

  it('refuses a speech reply that is an error envelope instead of audio', async () => {
    const err = await caught(
      createSpeech(client(), target(), { model: 'tts-1', input: 'hi', voice: 'alloy' }),
    );
    expect(err.gatewayMessage).toBe('voice not available on this plan');
    expect(err.code).toBe('bad_request');
  });

  it('refuses a speech reply that is an HTML page, with its title', async () => {
    const page = await htmlSpeechGateway();
    try {
      const err = await caught(
        createSpeech(
          client(),
          { host: page.origin, judgeSegment: '' },
          { model: 'tts-1', input: 'hi', voice: 'alloy' },
        ),
      );
      expect(err.code).toBe('bad_response');
      expect(err.message).toBe('The speech reply is text/html, not audio: Sign in to continue.');
    } finally {
      await page.close();
    }
  });
});
