/** Decodes the `encoding_format: base64` form: little-endian float32, packed. */
export function decodeBase64Float32(b64: string): Float32Array {
  const buf = Buffer.from(b64, 'base64');
  if (buf.length % 4 !== 0)
    throw new Error(`A base64 embedding must hold whole float32 values (got ${buf.length} bytes)`);
  const out = new Float32Array(buf.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = buf.readFloatLE(i * 4);
  return out;
}
