import { GatewayError } from '../gateway/gateway-error';

/**
 * Small helpers the media endpoint parsers share: gateways send many shapes, so
 * fields are read tolerantly, and a reply that cannot be used keeps its start for display.
 */
export const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 ? v : undefined;

const RAW_KEEP = 300;
/** Long strings (base64 images, data: URLs, vectors) are cut so the preview shows the shape. */
const LONG_STRING = 80;

/** The first ~300 characters of a reply, with long strings shortened so one blob cannot fill it. */
export function rawPreview(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  let text: string;
  if (typeof body === 'string') text = body;
  else {
    try {
      text = JSON.stringify(body, (_key, value: unknown) =>
        typeof value === 'string' && value.length > LONG_STRING
          ? `${value.slice(0, 40)}… (${value.length} chars)`
          : value,
      );
    } catch {
      // String() of a deeply nested array recurses too: it may overflow where JSON.stringify did.
      try {
        text = String(body);
      } catch {
        text = '(a reply too deeply nested to show)';
      }
    }
  }
  return text ? text.slice(0, RAW_KEEP) : undefined;
}

/** A `bad_response` that keeps the start of the raw reply, as chat-api.ts does. */
export function badResponse(message: string, body: unknown): GatewayError {
  return new GatewayError('bad_response', message, 200, rawPreview(body));
}
