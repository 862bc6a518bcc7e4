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

/** The longest provider text added to a gateway's own summary (OpenRouter's `metadata.raw`). */
const RAW_MAX = 600;

/**
 * OpenRouter says "Provider returned error" and puts the provider's words in `metadata.raw`
 * (a string, sometimes itself a JSON error body); both are kept, so the real cause is shown.
 */
function withRaw(message: string, metadata: unknown): string {
  const raw = isRec(metadata) ? metadata.raw : undefined;
  let said = typeof raw === 'string' ? raw.trim() : undefined;
  if (said?.startsWith('{') || said?.startsWith('[')) {
    try {
      said = errorEnvelope(JSON.parse(said))?.message ?? said;
    } catch {
      // Not JSON after all: the raw text is the provider's words.
    }
  }
  if (!said || said === message || message.includes(said)) return message;
  return `${message}: ${said.length > RAW_MAX ? `${said.slice(0, RAW_MAX)}…` : said}`;
}

export function errorEnvelope(body: unknown): ErrorEnvelope | undefined {
  // Gemini's OpenAI-compatibility layer wraps its error in a one-element array.
  if (Array.isArray(body) && body.length > 0 && isRec(body[0]) && 'error' in body[0]) {
    return errorEnvelope(body[0]);
  }
  if (!isRec(body)) return undefined;
  // OpenAI style: { error: { message, type, code } } or { error: "text" }.
  const err = body.error;
  if (isRec(err)) {
    const message = text(err.message) ?? text(err.msg);
    if (message) {
      // Gemini names the kind of failure in `status` (INVALID_ARGUMENT), not `type`.
      const type = text(err.type) ?? (typeof err.code === 'number' ? text(err.status) : undefined);
      return { message: withRaw(message, err.metadata), code: codeOf(err.code), type };
    }
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
  // Portkey style: { status: "failure", message }.
  if (typeof body.status === 'string' && ['failure', 'failed', 'error'].includes(body.status.toLowerCase())) {
    return { message: message ?? `status ${body.status}` };
  }
  return undefined;
}

/**
 * The gateway's words from a body already known to be an error (a 4xx/5xx answer, a stream
 * chunk that is not a chunk): every envelope above, and the looser shapes that only mean an
 * error there — a bare JSON string, `{ message }`, and FastAPI's `{ detail }` as a string or a
 * list of field problems (vLLM, SGLang, llama.cpp's server).
 */
export function errorBody(body: unknown): ErrorEnvelope | undefined {
  const envelope = errorEnvelope(body);
  if (envelope) return envelope;
  if (text(body)) return { message: text(body)! };
  if (!isRec(body)) return undefined;
  // fal's request errors name their kind beside the words: `{detail, error_type: "request_timeout"}`.
  if (text(body.detail)) return { message: text(body.detail)!, type: text(body.error_type) };
  if (Array.isArray(body.detail)) {
    const msgs = body.detail.map((d) => (isRec(d) ? text(d.msg) : undefined)).filter((m) => m !== undefined);
    if (msgs.length > 0) return { message: msgs.join('; ') };
  }
  const message = text(body.message) ?? text(body.msg);
  return message ? { message, type: text(body.type) } : undefined;
}
