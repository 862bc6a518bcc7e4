/** Thrown by route handlers (or helpers) to answer with an error body; the core turns it into a response. */
export class SandboxHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly code: string,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'SandboxHttpError';
  }
}

export function errorBody(message: string, type: string, code: string, param: string | null = null) {
  return { error: { message, type, code, param } };
}

export function badRequest(param: string | null, message: string, code = 'invalid_value'): SandboxHttpError {
  return new SandboxHttpError(400, message, 'invalid_request_error', code, param);
}

export function modelNotFound(model: string, kindLabel?: string): SandboxHttpError {
  const what = kindLabel ? ` for ${kindLabel}` : '';
  return new SandboxHttpError(
    404,
    `The model '${model}' does not exist${what} on the Sandbox gateway`,
    'invalid_request_error',
    'model_not_found',
    'model',
  );
}
