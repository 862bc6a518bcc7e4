import { GatewayError } from './gateway-error';
import type { LogTicket } from './request-log';
import type { ReplyScrubber } from '../security/key-scrubber';

export function abortedError(): GatewayError {
  return new GatewayError('aborted', 'Stopped.');
}

/**
 * A response body chunk by chunk: each chunk recorded in the request log (after the key
 * scrubber, for text), a stall past `idleTimeoutMs` a timeout, a cut connection a `network`
 * error that never says "could not be reached" (the gateway answered), and the socket closed
 * whenever the reader stops early.
 */
export async function* readChunks(
  response: Response,
  ticket: LogTicket,
  controller: AbortController,
  idleTimeoutMs: number,
  callerAborted: () => boolean,
  scrubber?: ReplyScrubber,
): AsyncGenerator<Uint8Array> {
  if (!response.body) {
    ticket.finish();
    return;
  }
  const reader = response.body.getReader();
  let idle = false;
  try {
    for (;;) {
      const timer = setTimeout(() => {
        idle = true;
        controller.abort();
      }, idleTimeoutMs);
      let step: Awaited<ReturnType<typeof reader.read>>;
      try {
        step = await reader.read();
      } catch (err) {
        if (idle) {
          const failure = new GatewayError('timeout', 'The gateway stopped sending data.');
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
        clearTimeout(timer);
      }
      if (step.done) break;
      const clean = scrubber ? scrubber.push(step.value) : step.value;
      if (clean.byteLength === 0) continue;
      ticket.chunk(clean);
      yield clean;
    }
    const rest = scrubber?.end();
    if (rest?.byteLength) {
      ticket.chunk(rest);
      yield rest;
    }
    ticket.finish();
  } finally {
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
