import { UPLOAD_CHUNK_BYTES } from '../../../../src-shared/judge/judge-case-import';

type Invoke = (route: string, input: unknown) => Promise<unknown>;

/**
 * Sends text through the upload routes as the window sends a file (chunks of UPLOAD_CHUNK_BYTES,
 * in order), for the tools and benches that drive a running app; resolves to the upload's id.
 */
export async function uploadText(invoke: Invoke, text: string, name = 'cases.txt'): Promise<string> {
  const bytes = Buffer.from(text, 'utf8');
  const { uploadId } = (await invoke('judge.cases.upload.start', { name, size: bytes.length })) as {
    uploadId: string;
  };
  for (let index = 0, at = 0; at < bytes.length; index++, at += UPLOAD_CHUNK_BYTES)
    await invoke('judge.cases.upload.chunk', {
      uploadId,
      index,
      data: bytes.subarray(at, at + UPLOAD_CHUNK_BYTES).toString('base64'),
    });
  return uploadId;
}
