import { errorEnvelope } from './error-envelope';
import type { CallOptions, GatewayClient } from './gateway-client';
import { REPLY_CAPS } from './reply-caps';
import { envelopeError } from './gateway-error';
import { judgeUrl, type GatewayTarget } from './gateway-urls';

/** Spec §2.4. `stream` is left out on purpose: the endpoint does not stream. */
export interface JudgeRequest {
  model: string;
  state: string | Record<string, unknown> | string[];
  questions: Record<string, Record<string, unknown>>;
}

export interface JudgeReply {
  body: unknown;
  /** Kept for display: the response shape is only partly specified. */
  raw: string;
  latencyMs: number;
  /** The gateway's request id header, shown on the run for support. */
  requestId?: string;
}

/**
 * One POST to `{host}/<segment>/v1/systemone`; never retried, since it costs money. A 200 whose
 * body is an error envelope (`{detail}`, `{code, msg}`, …) is thrown as an error: read as a
 * result it would be a finished run with every answer missing.
 */
export async function postJudge(
  client: GatewayClient,
  target: GatewayTarget,
  request: JudgeRequest,
  opts: CallOptions & { now?: () => number } = {},
): Promise<JudgeReply> {
  const now = opts.now ?? Date.now;
  const started = now();
  const { body, raw, requestId } = await client.json(
    target,
    { method: 'POST', url: judgeUrl(target), json: request },
    { maxBytes: REPLY_CAPS.judge, ...opts },
  );
  const envelope = errorEnvelope(body);
  if (envelope) throw envelopeError(envelope, { requestId });
  return { body, raw, latencyMs: now() - started, requestId };
}
