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
 * The audio's container from its bytes, falling back to the Content-Type and then to what was
 * asked for. Raw PCM has no signature, so it is only ever recognised by type or request.
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
  if (b.length >= 3 && b.toString('ascii', 0, 3) === 'ID3') return 'mp3';
  if (b.length >= 2 && b[0] === 0xff && (b[1] & 0xf6) === 0xf0) return 'aac'; // ADTS
  if (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0) return 'mp3';
  const type = (contentType ?? '').toLowerCase();
  if (/pcm|l16|raw/.test(type)) return 'pcm';
  if (!type || type.includes('octet-stream')) {
    if (requested === 'pcm') return 'pcm';
  }
  return undefined;
}
