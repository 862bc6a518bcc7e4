import type { ServerResponse } from 'node:http';
import { latencyPlan, latestDue } from './chat-latency';
import { tokenizeStructured, type ChatReply } from './chat-reply';
import type { SandboxContext } from './route-types';
import { SSE_HEADERS, pause, sseData, writeText } from './sse';

export interface ChatStreamPlan {
  id: string;
  created: number;
  model: string;
  reply: ChatReply;
  usage: object;
  includeUsage: boolean;
  /** Logprobs were asked for: every chunk's choice then carries `logprobs`. */
  logprobs?: boolean;
  /** Extra response headers (what a trigger did). */
  headers?: Record<string, string>;
}

interface StreamPiece {
  delta: Record<string, unknown>;
  logprobs?: unknown;
}

/**
 * The deltas after the role chunk, one chunk each. Text: one token per chunk, with its logprobs.
 * Tool calls: as OpenAI streams them, a first delta with `index`, `id`, `type` and the name, then
 * the arguments in fragments, one call after the other (the official SDK's stream helper takes a
 * new index as the end of the previous call); with `interleaveToolCalls` the fragments of the
 * calls alternate, for clients that must assemble by `index` (docs/architecture.md, "The Sandbox").
 */
export function streamPieces(reply: ChatReply, logprobs: boolean): StreamPiece[] {
  if (!reply.toolCalls)
    return reply.tokens.map((token, i) => ({
      delta: { content: token },
      ...(logprobs && { logprobs: { content: [reply.logprobs![i]], refusal: null } }),
    }));
  const queues = reply.toolCalls.map((call, index) => [
    { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
    ...fragments(call.arguments).map((part) => ({ index, function: { arguments: part } })),
  ]);
  const order: unknown[] = [];
  if (reply.interleaveToolCalls) {
    for (let round = 0; queues.some((q) => round < q.length); round++)
      for (const q of queues) if (round < q.length) order.push(q[round]);
  } else for (const q of queues) order.push(...q);
  return order.map((call) => ({ delta: { tool_calls: [call] }, ...(logprobs && { logprobs: null }) }));
}

// Arguments in pieces of two tokens each, as a model writes them.
function fragments(text: string): string[] {
  const tokens = tokenizeStructured(text);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += 2) out.push(tokens.slice(i, i + 2).join(''));
  return out;
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

/** Streams a chat reply as OpenAI-style SSE chunks, one chunk per piece, batched per write. */
export async function streamChatReply(ctx: SandboxContext, plan: ChatStreamPlan): Promise<void> {
  const { res, signal, state } = ctx;
  const { finishReason } = plan.reply;
  const pieces = streamPieces(plan.reply, plan.logprobs === true);
  const chunk = (delta: Record<string, unknown>, finish: string | null, logprobs?: unknown) => ({
    id: plan.id,
    object: 'chat.completion.chunk',
    created: plan.created,
    model: plan.model,
    choices: [
      {
        index: 0,
        delta,
        ...(plan.logprobs && { logprobs: logprobs ?? null }),
        finish_reason: finish,
      },
    ],
  });
  const first = plan.reply.toolCalls
    ? { role: 'assistant', content: null }
    : { role: 'assistant', content: '' };

  // Where a fault interrupts the token chunks (all of them when no fault).
  const stopAt =
    ctx.fault === 'cut-stream'
      ? Math.floor(pieces.length / 2)
      : ctx.fault === 'error-event'
        ? Math.floor(pieces.length / 3)
        : pieces.length;

  const { perWrite } = ctx.settings.exactPace
    ? { perWrite: 1 }
    : streamPacing(pieces.length, ctx.settings.tokenDelayMs);
  const clock = exactClock(ctx.settings.tokenDelayMs);
  const splitRng = ctx.seed('utf8-split', plan.reply.content.length);

  state.activeStreams++;
  try {
    res.writeHead(200, { ...SSE_HEADERS, ...plan.headers });
    if (!(await writeText(res, `: keep-alive\n\n${sseData(chunk(first, null))}`, signal))) {
      return;
    }
    if (ctx.settings.chatLatencyMs !== undefined) {
      // The whole reply takes chatLatencyMs: writes due at equal steps, the last at that time.
      const plan = latencyPlan(pieces.length, ctx.settings.chatLatencyMs);
      const t0 = performance.now();
      // A fault's cut leaves the later writes empty: the stream still stops at its time.
      for (let k = 0, start = 0; k < plan.length; k++) {
        if (!(await pause(Math.max(0, t0 + plan[k].dueMs - performance.now()), signal))) return;
        k = latestDue(plan, k, performance.now() - t0);
        const end = Math.min(stopAt, plan[k].end);
        let batch = '';
        for (let i = start; i < end; i++) batch += sseData(chunk(pieces[i].delta, null, pieces[i].logprobs));
        if (batch && !(await writeText(res, batch, signal, splitRng))) return;
        state.streamedChunks += end - start;
        start = end;
      }
    }
    for (let start = 0, end = 0; ctx.settings.chatLatencyMs === undefined && start < stopAt; start = end) {
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
      for (let i = start; i < end; i++) batch += sseData(chunk(pieces[i].delta, null, pieces[i].logprobs));
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
