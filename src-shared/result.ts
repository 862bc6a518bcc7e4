/**
 * What every IPC route resolves to. Handlers never throw across IPC: Electron keeps only the
 * message of a thrown error, and the window needs the code, status and retry hint to explain it.
 */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'link_expired'
  | 'too_large'
  | 'overloaded'
  | 'rate_limited'
  | 'server_error'
  | 'http_error'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'bad_response'
  | 'stream_error'
  | 'invalid_input'
  | 'forbidden_sender'
  | 'unknown_route'
  | 'no_key'
  | 'storage'
  /** A write found no room on the disk: `details.folder`, and `details.neededBytes` where known. */
  | 'disk_full'
  | 'internal';

export interface AppError {
  code: ErrorCode;
  /** Plain-language English fallback; the window shows its catalog text for `code` instead. */
  message: string;
  status?: number;
  retryAfterMs?: number;
  details?: {
    /** The gateway's own words, when its error body had them. */
    gatewayMessage?: string;
    /** Field problems, for invalid input: path like "questions.q1.criteria" -> rule. */
    issues?: { path: string; message: string }[];
    [key: string]: unknown;
  };
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError };

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const fail = (error: AppError): Result<never> => ({ ok: false, error });

/** Thrown inside main-side services; the router turns it into a failed Result. */
export class AppFailure extends Error {
  constructor(public readonly error: AppError) {
    super(error.message);
    this.name = 'AppFailure';
  }
}

export function invalidInput(path: string, message: string): AppFailure {
  return new AppFailure({
    code: 'invalid_input',
    message: `${path}: ${message}`,
    details: { issues: [{ path, message }] },
  });
}
