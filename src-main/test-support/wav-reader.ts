/** Test-only readers for the WAV files the app and the Sandbox write (header fields, not a full parser). */
export function isWav(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WAVE';
}

export function wavDurationSeconds(bytes: Uint8Array): number | undefined {
  if (!isWav(bytes) || bytes.byteLength < 44) return undefined;
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const byteRate = b.readUInt32LE(28);
  const dataBytes = b.readUInt32LE(40);
  return byteRate > 0 ? dataBytes / byteRate : undefined;
}
