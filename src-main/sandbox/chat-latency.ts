/**
 * A chat reply that takes exactly `chatLatencyMs` in all (`--chat-latency-ms`), so a client's
 * concurrency shows in its wall time as with the judge's latency: the eval bench's "200 ms per
 * chat reply" (docs/architecture.md, "Benchmarks"; src-main/sandbox/README.md).
 */

/** Writes at most this often: 200 ms is 20 writes, as a gateway's token batches arrive. */
export const LATENCY_WRITE_GAP_MS = 10;

export interface LatencyWrite {
  /** The pieces this write ends at (exclusive); the first write starts at piece 0. */
  end: number;
  /** When it is due, in ms after the role chunk went out. */
  dueMs: number;
}

/**
 * The streamed reply's writes for `pieces` token chunks over `latencyMs`: the pieces shared out
 * evenly over writes due at equal steps, the last one due at `latencyMs` exactly (the finish
 * chunk and `[DONE]` follow it at once). A reply with no pieces is one write of nothing at the end.
 */
export function latencyPlan(pieces: number, latencyMs: number): LatencyWrite[] {
  const writes = Math.max(1, Math.min(pieces, Math.floor(latencyMs / LATENCY_WRITE_GAP_MS)));
  return Array.from({ length: writes }, (_, i) => ({
    end: Math.ceil((pieces * (i + 1)) / writes),
    dueMs: (latencyMs * (i + 1)) / writes,
  }));
}

/**
 * Which write to send next at `elapsedMs`: the last one already due (a late timer sends every
 * piece due by then in one write, so the reply still ends at its time), at least `next`.
 */
export function latestDue(plan: LatencyWrite[], next: number, elapsedMs: number): number {
  let k = next;
  while (k + 1 < plan.length && plan[k + 1].dueMs <= elapsedMs) k++;
  return k;
}
