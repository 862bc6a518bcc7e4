import type { IncomingMessage } from 'node:http';
import { SandboxHttpError, badRequest } from './errors';

const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** Reads and parses a JSON object body; 400 for malformed JSON or a non-object, 413 when huge. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      throw new SandboxHttpError(
        413,
        'Request body is larger than 20 MB',
        'invalid_request_error',
        'body_too_large',
      );
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '')
    throw badRequest(null, 'Request body is required and must be a JSON object', 'invalid_json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw badRequest(null, `Malformed JSON body: ${(err as Error).message}`, 'invalid_json');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest(null, 'Request body must be a JSON object', 'invalid_json');
  }
  return parsed as Record<string, unknown>;
}
