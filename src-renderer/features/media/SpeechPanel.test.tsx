import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeBridge } from '../../test/fake-bridge';
import { useMedia } from './media-store';
import { SpeechPanel } from './SpeechPanel';

describe('SpeechPanel’s voice', () => {
  it('suggests the usual voices and still takes any name typed', () => {
    installFakeBridge({ 'media.history.list': () => [], 'models.list': () => [] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SpeechPanel />
      </QueryClientProvider>,
    );
    const voice = screen.getByRole('combobox', { name: 'Voice' }) as HTMLInputElement;
    const suggested = [...(voice.list?.options ?? [])].map((o) => o.value);
    expect(suggested).toEqual([
      'alloy',
      'ash',
      'ballad',
      'coral',
      'echo',
      'fable',
      'nova',
      'onyx',
      'sage',
      'shimmer',
      'verse',
    ]);
    expect(voice.getAttribute('aria-describedby')).toBe('tts-voice-hint');
    expect(document.getElementById('tts-voice-hint')?.textContent).toContain('ballad, coral');
    fireEvent.change(voice, { target: { value: 'my-own-voice' } });
    expect(voice.value).toBe('my-own-voice');
    expect(useMedia.getState().speech.voice).toBe('my-own-voice');
  });
});
