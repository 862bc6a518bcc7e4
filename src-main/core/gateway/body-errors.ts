import type { ErrorCode } from '../../../src-shared/result';
import type { ErrorEnvelope } from './error-envelope';
import { GatewayError } from './gateway-error';

/**
 * Errors read from a body that came with HTTP 200 (an error envelope, an SSE `event: error` frame,
 * an HTML page). The code is guessed from the vendor's code or type only where it is clear;
 * otherwise it is `bad_response`. Never `network`: the gateway was reached and answered.
 */
const TYPE_HINTS: [RegExp, ErrorCode][] = [
  [/auth|api[_ ]?key|token.*(invalid|expired)|unauthori[sz]ed/i, 'unauthorized'],
  [/quota|balance|insufficient|billing|payment|credit/i, 'payment_required'],
  [/rate[_ ]?limit|too[_ ]many|throttl/i, 'rate_limited'],
  [/server[_ ]error|internal|upstream|overloaded|unavailable/i, 'server_error'],
  [/invalid[_ ]request|bad[_ ]request|invalid[_ ]param|context[_ ]length/i, 'bad_request'],
];

const STATUS_PREFIX: Record<string, ErrorCode> = {
  '400': 'bad_request',
  '401': 'unauthorized',
  '402': 'payment_required',
  '429': 'rate_limited',
};

export function codeFromEnvelope(env: Pick<ErrorEnvelope, 'code' | 'type'>): ErrorCode {
  // Vendors pad HTTP statuses into longer numbers (40001, 429001) or send them as they are.
  const numeric = env.code && /^\d{3,}$/.test(env.code) ? env.code.slice(0, 3) : undefined;
  if (numeric && STATUS_PREFIX[numeric]) return STATUS_PREFIX[numeric];
  if (numeric && numeric.startsWith('5')) return 'server_error';
  for (const hint of [env.type, env.code]) {
    if (!hint) continue;
    const found = TYPE_HINTS.find(([re]) => re.test(hint));
    if (found) return found[1];
  }
  return 'bad_response';
}

/** No status is set: the HTTP status was 200, which says nothing about this failure. */
export function envelopeError(env: ErrorEnvelope): GatewayError {
  return new GatewayError(
    codeFromEnvelope(env),
    `The gateway answered with an error: ${env.message}`,
    undefined,
    env.message,
  );
}

/** A proxy's or login page's HTML, reduced to its title so the user sees what answered. */
export function htmlError(html: string): GatewayError {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.replace(/\s+/g, ' ').trim();
  return new GatewayError(
    'bad_response',
    `The gateway sent a web page instead of a reply${title ? `: ${title}` : '.'}`,
    undefined,
    title || undefined,
  );
}
