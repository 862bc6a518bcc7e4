import { describe, expect, it } from 'vitest';
import { pcmToWav } from './wav';
import { isWav, wavDurationSeconds } from '../../test-support/wav-reader';

describe('PCM to WAV', () => {
  it('wraps 24 kHz mono 16-bit PCM with a correct header', () => {
    const pcm = new Uint8Array(48_000); // one second
    const wav = pcmToWav(pcm);
    expect(isWav(wav)).toBe(true);
    expect(wav.length).toBe(44 + 48_000);
    expect(wav.readUInt32LE(4)).toBe(36 + 48_000);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(24_000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wavDurationSeconds(wav)).toBe(1);
  });

  it('drops a trailing half sample', () => {
    const wav = pcmToWav(new Uint8Array(7));
    expect(wav.readUInt32LE(40)).toBe(6);
  });
});
