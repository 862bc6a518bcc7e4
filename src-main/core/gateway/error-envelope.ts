/**
 * Error bodies that arrive with HTTP 200. Gateways of the one-api / new-api family, Chinese
 * vendors and some resellers answer failures this way, so a 200 is not proof of success:
 * every parser of a 200 body asks this first. Returns undefined for a body that is not an error.
 */
export interface ErrorEnvelope {
  /** The gateway's own words. */
  message: string;
  /** The vendor's code (string or number) when it sent one, e.g. 40001 or "InvalidParameter.duration". */
  code?: string;
  /** The vendor's error type, e.g. "invalid_request_error" or System One's "tokens_exceeded". */
  type?: string;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const codeOf = (v: unknown): string | undefined =>
  typeof v === 'number' ? String(v) : typeof v === 'string' && v ? v : undefined;

/** A numeric or string code that means success in the envelope conventions seen. */
function isSuccessCode(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'number') return v === 0 || v === 200;
  if (typeof v === 'string') return ['0', '200', 'success', 'ok'].includes(v.toLowerCase());
  return false;
}

export function errorEnvelope(body: unknown): ErrorEnvelope | undefined {
  if (!isRec(body)) return undefined;
  // OpenAI style: { error: { message, type, code } } or { error: "text" }.
  const err = body.error;
  if (isRec(err)) {
    const message = text(err.message) ?? text(err.msg);
    if (message) return { message, code: codeOf(err.code), type: text(err.type) };
  } else if (text(err)) {
    return { message: text(err)!, code: codeOf(body.code) };
  }
  // System One style: { detail: { message, error_type } } (FastAPI: detail may be a string).
  const detail = body.detail;
  if (isRec(detail) && text(detail.message)) {
    return { message: text(detail.message)!, type: text(detail.error_type) };
  }
  // MiniMax style: { base_resp: { status_code, status_msg } }.
  const base = body.base_resp;
  if (isRec(base) && !isSuccessCode(base.status_code)) {
    return {
      message: text(base.status_msg) ?? `status ${String(base.status_code)}`,
      code: codeOf(base.status_code),
    };
  }
  // one-api / reseller style: { code: 40001, msg | message, data: null }; { success: false, message }.
  const message = text(body.msg) ?? text(body.message);
  if ('code' in body && !isSuccessCode(body.code)) {
    return { message: message ?? `code ${String(body.code)}`, code: codeOf(body.code) };
  }
  if (body.success === false) return { message: message ?? 'The gateway reported a failure.' };
  return undefined;
}
