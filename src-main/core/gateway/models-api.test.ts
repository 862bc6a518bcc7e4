import { describe, expect, it } from 'vitest';
import { parseModelList } from './models-api';

describe('parseModelList', () => {
  it('keeps what the gateway said a model is for, under any of the usual field names', () => {
    const list = parseModelList({
      data: [
        { id: 'b-embed', type: 'embedding' },
        { id: 'a-chat', owned_by: 'me' },
        { id: 'c-tts', mode: 'audio_speech' },
        'd-plain',
      ],
    });
    expect(list).toEqual([
      { id: 'a-chat', ownedBy: 'me' },
      { id: 'b-embed', type: 'embedding' },
      { id: 'c-tts', type: 'audio_speech' },
      { id: 'd-plain' },
    ]);
  });

  it('reads { models: [...] } and a bare array of names', () => {
    expect(parseModelList({ models: [{ name: 'x' }] })).toEqual([{ id: 'x' }]);
    expect(parseModelList(['y'])).toEqual([{ id: 'y' }]);
  });
});
