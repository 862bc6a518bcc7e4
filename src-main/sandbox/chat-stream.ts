import type { ServerResponse } from 'node:http';
import type { ChatReply } from './chat-reply';
import type { SandboxContext } from './route-types';
import { SSE_HEADERS, pause, sseData, writeText } from './sse';

export interface ChatStreamPlan {
  id: string;
  created: number;
  model: string;
  reply: ChatReply;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  includeUsage: boolean;
}

// Whole reply paced to finish within about this long, however many tokens it has.
const STREAM_BUDGET_MS = 2500;
const WRITES_WHEN_UNPACED = 200;

export const STREAM_ERROR_EVENT = {
  error: { message: 'Sandbox fault: error event mid-stream', type: 'server_error', code: 'sandbox_fault' },
};

/**
 * How a reply of `tokenCount` tokens is cut into paced writes: one token per write for short
 * replies, more per write for long ones, so the pauses never add up past STREAM_BUDGET_MS.
 */
export function streamPacing(tokenCount: number, delayMs: number): { writes: number; perWrite: number } {
  const writes = Math.max(
    1,
    Math.min(tokenCount, delayMs > 0 ? Math.floor(STREAM_BUDGET_MS / delayMs) : WRITES_WHEN_UNPACED),
  );
  return {
    writes: Math.ceil(tokenCount / Math.ceil(tokenCount / writes)),
    perWrite: Math.ceil(tokenCount / writes),
  };
}

/** Times for exact pacing: token i is due `delayMs × (i + 1)` after the first call. */
export function exactClock(delayMs: number, now: () => number = () => performance.now()) {
  let t0: number | undefined;
  const start = () => (t0 ??= now());
  return {
    /** How long to wait before token `i` is due (0 when it already is). */
    waitFor(i: number): number {
      return Math.max(0, start() + delayMs * (i + 1) - now());
    },
    /** How many tokens are due by now, at least `i + 1`. */
    dueBy(i: number): number {
      if (delayMs <= 0) return i + 1;
      return Math.max(i + 1, Math.floor((now() - start()) / delayMs));
    },
  };
}

/** Streams a chat reply as OpenAI-style SSE chunks, one chunk per token, batched per write. */
export async function streamChatReply(ctx: SandboxContext, plan: ChatStreamPlan): Promise<void> {
  const { res, signal, state } = ctx;
  const { tokens, finishReason } = plan.reply;
  const chunk = (delta: Record<string, string>, finish: string | null) => ({
    id: plan.id,
    object: 'chat.completion.chunk',
    created: plan.created,
    model: plan.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

  // Where a fault interrupts the token chunks (all of them when no fault).
  const stopAt =
    ctx.fault === 'cut-stream'
      ? Math.floor(tokens.length / 2)
      : ctx.fault === 'error-event'
        ? Math.floor(tokens.length / 3)
        : tokens.length;

  const { perWrite } = ctx.settings.exactPace
    ? { perWrite: 1 }
    : streamPacing(tokens.length, ctx.settings.tokenDelayMs);
  const clock = exactClock(ctx.settings.tokenDelayMs);
  const splitRng = ctx.seed('utf8-split', plan.reply.content.length);

  state.activeStreams++;
  try {
    res.writeHead(200, SSE_HEADERS);
    if (
      !(await writeText(
        res,
        `: keep-alive\n\n${sseData(chunk({ role: 'assistant', content: '' }, null))}`,
        signal,
      ))
    ) {
      return;
    }
    for (let start = 0, end = 0; start < stopAt; start = end) {
      if (ctx.settings.exactPace) {
        // Each token is due at its own time from the start; a late timer sends every token
        // already due in one write, so the rate holds over the whole reply (no drift).
        if (!(await pause(clock.waitFor(start), signal))) return;
        end = Math.min(stopAt, clock.dueBy(start));
      } else {
        if (!(await pause(ctx.settings.tokenDelayMs, signal))) return;
        end = Math.min(start + perWrite, stopAt);
      }
      let batch = '';
      for (let i = start; i < end; i++) batch += sseData(chunk({ content: tokens[i] }, null));
      if (!(await writeText(res, batch, signal, splitRng))) return;
      state.streamedChunks += end - start;
    }

    if (ctx.fault === 'cut-stream') {
      await flushed(res);
      res.destroy();
      return;
    }
    if (ctx.fault === 'error-event') {
      res.end(sseData(STREAM_ERROR_EVENT));
      return;
    }
    let tail = sseData(chunk({}, finishReason));
    if (plan.includeUsage) tail += sseData({ ...chunk({}, null), choices: [], usage: plan.usage });
    tail += sseData('[DONE]');
    if (!(await writeText(res, tail, signal))) return;
    res.end();
  } finally {
    state.activeStreams--;
  }
}

// Destroying right after a write can drop bytes still queued; the cut must land after the half.
function flushed(res: ServerResponse): Promise<void> {
  const socket = res.socket;
  if (!socket || socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    socket.write(Buffer.alloc(0), () => resolve());
    socket.once('close', () => resolve());
  });
}
