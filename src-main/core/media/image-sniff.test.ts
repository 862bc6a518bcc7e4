import { describe, expect, it } from 'vitest';
import { isMpegFrameHeader, sniffAudio, sniffImage } from './image-sniff';
import { pcmToWav } from './wav';

const bytes = (...xs: number[]) => Uint8Array.from([...xs, ...new Array(16).fill(0)]);
// MPEG-1 Layer III, 128 kbit/s, 44.1 kHz: the most common MP3 frame header.
const MP3_FRAME = [0xff, 0xfb, 0x90, 0x64];

describe('sniffAudio', () => {
  it('recognises WAV and ID3-tagged MP3 by signature, whatever was asked', () => {
    expect(sniffAudio(pcmToWav(new Uint8Array(8)), 'audio/wav', 'wav')).toBe('wav');
    expect(sniffAudio(pcmToWav(new Uint8Array(8)), 'audio/pcm', 'pcm')).toBe('wav');
    expect(sniffAudio(bytes(0x49, 0x44, 0x33, 4, 0), 'application/octet-stream', 'pcm')).toBe('mp3');
  });

  it('calls bare frames MP3 only when the header is a valid MPEG frame header', () => {
    expect(sniffAudio(bytes(...MP3_FRAME), 'audio/mpeg', 'mp3')).toBe('mp3');
    expect(sniffAudio(bytes(...MP3_FRAME), null, 'mp3')).toBe('mp3');
    // Sync bits alone are not enough: reserved version, reserved layer, bad bitrate, reserved rate.
    expect(isMpegFrameHeader(bytes(0xff, 0xeb, 0x90, 0))).toBe(false);
    expect(isMpegFrameHeader(bytes(0xff, 0xf9, 0x90, 0))).toBe(false);
    expect(isMpegFrameHeader(bytes(0xff, 0xfb, 0xf0, 0))).toBe(false);
    expect(isMpegFrameHeader(bytes(0xff, 0xfb, 0x9c, 0))).toBe(false);
    expect(sniffAudio(bytes(0xff, 0xff, 0xff, 0xff), null, 'mp3')).toBeUndefined();
  });

  it('trusts a pcm request or Content-Type over bytes that start like a frame', () => {
    for (let second = 0xe0; second <= 0xff; second++) {
      const pcm = bytes(0xff, second, 0x90, 0x64);
      expect(sniffAudio(pcm, 'application/octet-stream', 'pcm')).toBe('pcm');
      expect(sniffAudio(pcm, 'audio/pcm', 'wav')).toBe('pcm');
      expect(sniffAudio(pcm, 'audio/L16; rate=24000', 'mp3')).toBe('pcm');
    }
    // A gateway that answered pcm with real MP3 says so in its Content-Type.
    expect(sniffAudio(bytes(...MP3_FRAME), 'audio/mpeg', 'pcm')).toBe('mp3');
  });

  it('leaves unknown bytes unknown', () => {
    expect(sniffAudio(bytes(1, 2, 3), 'audio/wav', 'wav')).toBeUndefined();
  });
});

describe('sniffImage', () => {
  it('reads PNG size and JPEG/GIF signatures', () => {
    const png = Buffer.alloc(24);
    png.writeUInt32BE(0x89504e47, 0);
    png.write('IHDR', 12, 'ascii');
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    expect(sniffImage(png)).toEqual({ ext: 'png', width: 640, height: 480 });
    expect(sniffImage(bytes(0xff, 0xd8, 0xff))?.ext).toBe('jpg');
    expect(sniffImage(Buffer.from('GIF89a'))?.ext).toBe('gif');
    expect(sniffImage(bytes(1))).toBeUndefined();
  });
});
