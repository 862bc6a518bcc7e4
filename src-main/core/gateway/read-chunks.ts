import { setImmediate as nextTurn } from 'node:timers/promises';
import { GatewayError } from './gateway-error';
import type { LogTicket } from './request-log';
import { replyDeadlinePassed, StreamBudget, type StreamLimits } from './stream-budget';
import type { ReplyScrubber } from '../security/key-scrubber';

/**
 * Longest run of reading without letting main's other work in. Chunks already queued in the body
 * stream resolve each read at once, so a fast gateway would otherwise keep the event loop busy
 * for as long as it sends (hundreds of ms for a stream of tiny events; docs/architecture.md).
 */
const READ_SLICE_MS = 20;

export function abortedError(): GatewayError {
  return new GatewayError('aborted', 'Stopped.');
}

export interface ChunkReading {
  /** Longest silence allowed between two chunks. */
  idleTimeoutMs: number;
  callerAborted: () => boolean;
  scrubber?: ReplyScrubber;
  /** The call's overall deadline: its timer aborts the request; `passed` says it was that. */
  deadline?: { ms: number; passed: () => boolean };
  /** Bytes allowed, counted before the scrubber, the log or the reader keep any (stream-budget.ts). */
  limits?: StreamLimits;
  /** Called once the reading is over, however it ended (the call lets go of its signal and deadline). */
  onEnd?: () => void;
}

/**
 * A response body chunk by chunk: each chunk counted against `limits` first, then recorded in
 * the request log (after the key scrubber, for text); a stall past `idleTimeoutMs` or a call past
 * its deadline a timeout, a cut connection a `network` error that never says "could not be
 * reached" (the gateway answered), and the socket closed whenever the reader stops early.
 * It runs once per chunk of every reply, so it reads the clock once a chunk and keeps one idle
 * timer for the whole body rather than one per read (docs/architecture.md, "Benchmarks").
 */
export async function* readChunks(
  response: Response,
  ticket: LogTicket,
  controller: AbortController,
  how: ChunkReading,
): AsyncGenerator<Uint8Array> {
  if (!response.body) {
    ticket.finish();
    how.onEnd?.();
    return;
  }
  const { idleTimeoutMs, callerAborted, scrubber, deadline } = how;
  const budget = how.limits ? new StreamBudget(how.limits) : undefined;
  const reader = response.body.getReader();
  let idle = false;
  let sliceStart = performance.now();
  /** When the read under way began; -1 between reads (the consumer's time is not silence). */
  let waitingSince = -1;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const armIdle = (ms: number) => {
    idleTimer = setTimeout(onIdleTimer, ms);
  };
  function onIdleTimer() {
    idleTimer = undefined;
    if (waitingSince < 0) return; // between reads: armed again when the next read begins
    const left = waitingSince + idleTimeoutMs - performance.now();
    if (left > 0) return armIdle(Math.ceil(left));
    idle = true;
    controller.abort();
  }
  try {
    for (;;) {
      let now = performance.now();
      if (now - sliceStart > READ_SLICE_MS) {
        await nextTurn();
        now = sliceStart = performance.now();
      }
      waitingSince = now;
      if (!idleTimer) armIdle(idleTimeoutMs);
      let step: Awaited<ReturnType<typeof reader.read>>;
      try {
        step = await reader.read();
      } catch (err) {
        if (idle) {
          const failure = new GatewayError('timeout', 'The gateway stopped sending data.');
          ticket.fail(failure.message);
          throw failure;
        }
        if (deadline?.passed()) {
          const failure = replyDeadlinePassed(deadline.ms);
          ticket.fail(failure.message);
          throw failure;
        }
        if (callerAborted()) {
          const failure = abortedError();
          ticket.stop(failure.message);
          throw failure;
        }
        // A response had begun, so the gateway was reached: never "could not be reached".
        const failure = new GatewayError(
          'network',
          'The connection was cut before the reply finished.',
          response.status,
          undefined,
          undefined,
          { reason: 'cut', cause: String(err) },
        );
        ticket.cut(failure.message);
        throw failure;
      } finally {
        waitingSince = -1;
      }
      if (step.done) break;
      // Counted before anything keeps it: past a limit, only the bytes before it are passed on.
      const { within, over } = budget ? budget.take(step.value) : { within: step.value };
      const clean = scrubber ? scrubber.push(within) : within;
      if (clean.byteLength > 0) {
        ticket.chunk(clean);
        yield clean;
      }
      if (over) {
        ticket.fail(over.message);
        throw over;
      }
    }
    const rest = scrubber?.end();
    if (rest?.byteLength) {
      ticket.chunk(rest);
      yield rest;
    }
    ticket.finish();
  } finally {
    how.onEnd?.();
    clearTimeout(idleTimer);
    // A consumer that stops early (stop button, parse failure) must not leave the socket open,
    // nor its log entry pending.
    if (ticket.entry.state === 'pending') {
      if (callerAborted()) ticket.stop(abortedError().message);
      else ticket.fail('Stopped reading before the end of the reply.');
    }
    if (!controller.signal.aborted) reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
