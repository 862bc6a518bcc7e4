import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { joinContinuation } from './continuation';

describe('joinContinuation', () => {
  it('joins text and keeps the token probabilities of both requests, so the heat view covers the whole reply', () => {
    const cut: StoredMessage = {
      role: 'assistant',
      content: 'The light',
      logprobs: {
        tokens: [
          { token: 'The', logprob: -0.1 },
          { token: ' light', logprob: -0.4 },
        ],
      },
      stats: { totalMs: 100, finishReason: 'length', usage: { completion_tokens: 2 } },
    };
    const more: StoredMessage = {
      role: 'assistant',
      content: 'house',
      logprobs: { tokens: [{ token: 'house', logprob: -0.05 }] },
      stats: { totalMs: 50, finishReason: 'stop', usage: { completion_tokens: 1 } },
    };
    const joined = joinContinuation(cut, more);
    expect(joined.content).toBe('The lighthouse');
    expect(joined.logprobs?.tokens.map((t) => t.token).join('')).toBe(joined.content);
    expect(joined.stats).toMatchObject({
      totalMs: 150,
      finishReason: 'stop',
      usage: { completion_tokens: 3 },
    });
  });
});
