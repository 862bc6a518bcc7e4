/** What an image's first bytes say it is, so a file gets the right extension and size. */
export interface SniffedImage {
  ext: 'png' | 'jpg' | 'webp' | 'gif';
  width?: number;
  height?: number;
}

export function sniffImage(bytes: Uint8Array): SniffedImage | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('ascii', 12, 16) === 'IHDR') {
    return { ext: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { ext: 'jpg' };
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP')
    return { ext: 'webp' };
  if (b.length >= 6 && b.toString('ascii', 0, 3) === 'GIF') return { ext: 'gif' };
  return undefined;
}

export type AudioKind = 'wav' | 'mp3' | 'ogg' | 'flac' | 'aac' | 'pcm';

/**
 * A real MPEG audio frame header, not just the 11 sync bits: raw PCM starts with 0xFF 0xE0..0xFF
 * often enough (any loud negative sample), so version, layer, bitrate and sample-rate bits must
 * all hold allowed values before bytes are called MP3.
 */
export function isMpegFrameHeader(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || (b[1] & 0xe0) !== 0xe0) return false;
  const version = (b[1] >> 3) & 0b11; // 01 is reserved
  const layer = (b[1] >> 1) & 0b11; // 00 is reserved
  const bitrate = b[2] >> 4; // 1111 is "bad"
  const sampleRate = (b[2] >> 2) & 0b11; // 11 is reserved
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** ADTS (raw AAC): 12 sync bits, layer 00, a sampling index below 13. */
function isAdtsHeader(b: Uint8Array): boolean {
  return b.length >= 7 && b[0] === 0xff && (b[1] & 0xf6) === 0xf0 && ((b[2] >> 2) & 0x0f) < 13;
}

/**
 * The audio's container. Signatures that cannot occur by chance (RIFF/WAVE, OggS, fLaC, ID3)
 * come first; then a pcm answer the user asked for or the Content-Type declares is trusted,
 * because raw samples can look like an MPEG/ADTS sync word; only then are frame headers checked.
 */
export function sniffAudio(
  bytes: Uint8Array,
  contentType: string | null,
  requested: string,
): AudioKind | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WAVE')
    return 'wav';
  if (b.length >= 4 && b.toString('ascii', 0, 4) === 'OggS') return 'ogg';
  if (b.length >= 4 && b.toString('ascii', 0, 4) === 'fLaC') return 'flac';
  if (b.length >= 10 && b.toString('ascii', 0, 3) === 'ID3') return 'mp3';
  const type = (contentType ?? '').toLowerCase();
  if (/pcm|l16|raw/.test(type)) return 'pcm';
  // Asked for pcm: only a Content-Type that names a compressed format overrides that.
  if (requested === 'pcm' && !/mpeg|mp3|aac/.test(type)) return 'pcm';
  if (isAdtsHeader(b)) return 'aac';
  if (isMpegFrameHeader(b)) return 'mp3';
  return undefined;
}
