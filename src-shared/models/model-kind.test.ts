import { describe, expect, it } from 'vitest';
import { guessModelKind } from './model-kind';

describe('guessModelKind', () => {
  it.each([
    ['text-embedding-3-small', 'embedding'],
    ['BAAI/bge-m3-Embed', 'embedding'],
    ['tts-1-hd', 'speech'],
    ['gpt-4o-mini-audio-preview', 'speech'],
    ['sandbox-speech-1', 'speech'],
    ['dall-e-3', 'image'],
    ['black-forest-labs/FLUX.1-dev', 'image'],
    ['sd-xl-turbo', 'image'],
    ['gpt-image-1', 'image'],
    ['doubao-seedance-1-0-pro-250528', 'video'],
    ['kling-v2', 'video'],
    ['vidmodel-2-0-260128', 'video'],
    ['my-vid-1', 'video'],
    ['wan-2.1-t2v', 'video'],
    ['image-to-video-01', 'video'],
    ['judge-latest', 'judge'],
    ['jev-small', 'judge'],
    ['gpt-4o', 'chat'],
    ['claude-sonnet', 'chat'],
    ['gpt-4-sdk', 'chat'],
    ['swan-7b', 'chat'],
  ])('%s → %s', (id, kind) => {
    expect(guessModelKind({ id })).toBe(kind);
  });

  it('prefers the kind the gateway gave over the id', () => {
    expect(guessModelKind({ id: 'm-1', type: 'embeddings' })).toBe('embedding');
    expect(guessModelKind({ id: 'flux-chat', type: 'chat' })).toBe('chat');
    expect(guessModelKind({ id: 'dall-e-3', type: 'image_generation' })).toBe('image');
  });

  it('falls back to the id when the field says nothing it knows', () => {
    expect(guessModelKind({ id: 'tts-1', type: 'model' })).toBe('speech');
  });
});
