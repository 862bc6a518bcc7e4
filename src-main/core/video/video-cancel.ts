import type { GatewayClient } from '../gateway/gateway-client';
import { GatewayError } from '../gateway/gateway-error';
import type { GatewayTarget } from '../gateway/gateway-urls';
import { cancelVideoTask } from '../gateway/video-api';
import { AppFailure } from '../../../src-shared/result';
import { isTerminal } from '../../../src-shared/video/video-status';
import type { VideoTask } from '../../../src-shared/video/video-task';

/**
 * Sends DELETE on the task path (upstream cancels a queued task this way; the spec does not list
 * it, so a gateway may refuse) and returns the task as it now stands, not yet saved. A refusal
 * is an AppFailure carrying the gateway's words; the task is then left as it was.
 */
export async function cancelTask(
  client: GatewayClient,
  target: GatewayTarget,
  task: VideoTask,
  tasks: { get(id: string): VideoTask | undefined },
  now: number,
): Promise<VideoTask> {
  let reply: Awaited<ReturnType<typeof cancelVideoTask>>;
  try {
    reply = await cancelVideoTask(client, target, task.taskId);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    throw new AppFailure({
      code: err.code,
      status: err.status,
      message: `The gateway did not cancel the task: ${err.gatewayMessage ?? err.message}`,
      details: { gatewayMessage: err.gatewayMessage },
    });
  }
  const latest = tasks.get(task.id) ?? task;
  // `{}` is upstream's yes; a body with a status (a reseller's) is believed as it is.
  const said = reply.parsed.status && reply.parsed.state !== 'unknown' ? reply.parsed.state : undefined;
  const state = said ?? 'cancelled';
  const ended = isTerminal(state);
  return {
    ...latest,
    state,
    rawStatus: reply.parsed.status ?? latest.rawStatus,
    lastBody: reply.raw || latest.lastBody,
    updatedAt: now,
    pollError: undefined,
    nextCheckAt: ended ? undefined : latest.nextCheckAt,
    ...(ended ? { finishedAt: now } : {}),
  };
}
