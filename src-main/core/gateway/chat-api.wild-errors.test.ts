import { describe, expect, it } from 'vitest';
import { wildChat } from './wild-chat-ask.test-helper';
import { WILD_ERROR_WORDS } from '../../test-support/wild-gateway/chat-shape-behaviours';

const { ask } = wildChat();

describe('streamChat against the wild gateway: rate limits and error bodies', () => {
  it('reads retry-after-ms', async () => {
    const { out } = await ask('wild-rate-ms');
    expect(out.error?.code).toBe('rate_limited');
    expect(out.error?.retryAfterMs).toBe(1500);
  });

  it('reads the reset header of the limit that ran out', async () => {
    const { out } = await ask('wild-rate-reset');
    expect(out.error?.retryAfterMs).toBe(90_000);
  });

  it.each([
    ['wild-err-gemini', 'bad_request', WILD_ERROR_WORDS.gemini],
    ['wild-err-string', 'server_error', WILD_ERROR_WORDS.string],
    ['wild-err-message', 'bad_request', WILD_ERROR_WORDS.message],
    ['wild-err-detail', 'bad_request', WILD_ERROR_WORDS.detail],
    ['wild-err-detail-list', 'bad_request', WILD_ERROR_WORDS.detailList],
    ['wild-err-openrouter', 'server_error', WILD_ERROR_WORDS.openrouterRaw],
    ['wild-err-portkey', 'bad_request', WILD_ERROR_WORDS.portkey],
  ])('%s: the gateway’s words reach the user', async (model, code, words) => {
    const { out } = await ask(model);
    expect(out.error?.code).toBe(code);
    expect(out.error?.gatewayMessage).toContain(words);
  });

  it('keeps OpenRouter’s summary beside the provider’s raw words', async () => {
    const { out } = await ask('wild-err-openrouter');
    expect(out.error?.gatewayMessage).toBe(`Provider returned error: ${WILD_ERROR_WORDS.openrouterRaw}`);
  });

  it.each([
    ['wild-mid-gemini', 'The model is overloaded.'],
    ['wild-mid-detail', 'Engine loop has died'],
    ['wild-mid-openrouter', WILD_ERROR_WORDS.openrouterRaw],
  ])('%s: an error mid-stream keeps the text and says the gateway’s words', async (model, words) => {
    const { out } = await ask(model);
    expect(out.text).toBe('Partial ');
    expect(out.error).toBeDefined();
    expect(out.error?.gatewayMessage).toContain(words);
  });
});
