/**
 * WAV (RIFF, PCM) wrapping. Raw PCM from a gateway cannot be played by an <audio> element, so
 * main wraps it in a 44-byte header; the Sandbox uses the same code to answer `wav`.
 */
export interface PcmFormat {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
}

/** What OpenAI-compatible gateways send for `response_format: pcm`. */
export const DEFAULT_PCM: PcmFormat = { sampleRate: 24_000, channels: 1, bitsPerSample: 16 };

export function wavHeader(dataBytes: number, f: PcmFormat = DEFAULT_PCM): Buffer {
  const blockAlign = (f.channels * f.bitsPerSample) / 8;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(f.channels, 22);
  h.writeUInt32LE(f.sampleRate, 24);
  h.writeUInt32LE(f.sampleRate * blockAlign, 28);
  h.writeUInt16LE(blockAlign, 32);
  h.writeUInt16LE(f.bitsPerSample, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

export function pcmToWav(pcm: Uint8Array, f: PcmFormat = DEFAULT_PCM): Buffer {
  // An odd trailing byte is half a sample; drop it so players do not reject the file.
  const blockAlign = (f.channels * f.bitsPerSample) / 8;
  const usable = pcm.byteLength - (pcm.byteLength % blockAlign);
  return Buffer.concat([wavHeader(usable, f), Buffer.from(pcm.buffer, pcm.byteOffset, usable)]);
}
