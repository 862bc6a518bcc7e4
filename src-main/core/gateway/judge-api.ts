import type { CallOptions, GatewayClient } from './gateway-client';
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
}

/** One POST to `{host}/<segment>/v1/systemone`; never retried, since it costs money. */
export async function postJudge(
  client: GatewayClient,
  target: GatewayTarget,
  request: JudgeRequest,
  opts: CallOptions & { now?: () => number } = {},
): Promise<JudgeReply> {
  const now = opts.now ?? Date.now;
  const started = now();
  const { body, raw } = await client.json(
    target,
    { method: 'POST', url: judgeUrl(target), json: request },
    opts,
  );
  return { body, raw, latencyMs: now() - started };
}
