import { describe, expect, it } from 'vitest';
import { nextCompareModel } from './chat-model-default';

describe('the model a new comparison column starts on', () => {
  const ids = ['sandbox-embed-1', 'sandbox-chat-1', 'sandbox-chat-mini', 'sandbox-tts-1'];
  it('is a chat model no other column uses', () => {
    expect(nextCompareModel(ids, new Set(['sandbox-chat-1']))).toBe('sandbox-chat-mini');
  });
  it('repeats a chat model rather than pick one that cannot chat', () => {
    expect(nextCompareModel(ids, new Set(['sandbox-chat-1', 'sandbox-chat-mini']))).toBe('sandbox-chat-1');
  });
  it('falls back to the first model, or nothing', () => {
    expect(nextCompareModel(['x-1', 'x-2'], new Set())).toBe('x-1');
    expect(nextCompareModel([], new Set())).toBe('');
  });
});
