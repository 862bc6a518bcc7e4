/**
 * The Sandbox's own WAV writer (16-bit mono PCM in a RIFF container). The Sandbox stands in for
 * a foreign gateway, so it shares no code with the app's client: a bug in the app's WAV handling
 * must show up against it, not be mirrored by it.
 */
import { SPEECH_SAMPLE_RATE } from './speech-audio';

export function sandboxWav(pcm: Uint8Array, sampleRate = SPEECH_SAMPLE_RATE): Buffer {
  const data = pcm.byteLength & ~1; // whole 16-bit samples only
  const out = Buffer.alloc(44 + data);
  let at = 0;
  const text = (s: string) => (at = out.write(s, at, 'ascii') + at);
  const u32 = (n: number) => (at = out.writeUInt32LE(n, at));
  const u16 = (n: number) => (at = out.writeUInt16LE(n, at));
  text('RIFF');
  u32(36 + data);
  text('WAVEfmt ');
  u32(16); // size of the fmt chunk
  u16(1); // PCM
  u16(1); // mono
  u32(sampleRate);
  u32(sampleRate * 2); // byte rate
  u16(2); // block align
  u16(16); // bits per sample
  text('data');
  u32(data);
  out.set(pcm.subarray(0, data), at);
  return out;
}
