import { UPLOAD_CHUNK_BYTES } from '../../../../src-shared/judge/judge-case-import';
import { call } from '../../../bridge/api';
import { formatNumber } from '../../../i18n/i18n';

/** Base64 of one chunk, built in slices (a single `String.fromCharCode(...all)` overflows the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const formatMegabytes = (bytes: number) =>
  `${formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;

/**
 * Sends a file to main for import, one chunk at a time, read from the file only when it is sent
 * (docs/architecture.md, "Judge test cases"): the window holds at most one chunk, in Electron
 * and in browser mode alike. `goOn` is asked before each chunk; when it says no, the sending
 * stops (the caller discards the upload). Resolves to the upload's id.
 */
export async function uploadFile(
  file: Blob & { name: string },
  hooks: { started: (uploadId: string) => void; goOn: () => boolean; onSent: (bytes: number) => void },
): Promise<string> {
  const { uploadId } = await call('judge.cases.upload.start', {
    name: file.name.slice(0, 1_000),
    size: file.size,
  });
  hooks.started(uploadId);
  for (let index = 0, offset = 0; offset < file.size; index++, offset += UPLOAD_CHUNK_BYTES) {
    if (!hooks.goOn()) return uploadId;
    const bytes = new Uint8Array(await file.slice(offset, offset + UPLOAD_CHUNK_BYTES).arrayBuffer());
    await call('judge.cases.upload.chunk', { uploadId, index, data: toBase64(bytes) });
    hooks.onSent(Math.min(offset + UPLOAD_CHUNK_BYTES, file.size));
  }
  return uploadId;
}
