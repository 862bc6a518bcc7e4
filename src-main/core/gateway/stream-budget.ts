import { GatewayError } from './gateway-error';

/** What one streamed body may weigh, counted on the bytes as they arrive (after decompression). */
export interface StreamLimits {
  /** The whole body. */
  maxBytes: number;
  /** One SSE event: its lines up to the blank line that ends it. Absent: the body is not SSE. */
  maxEventBytes?: number;
}

const megabytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/** One event over the cap: the gateway is broken or hostile, no real delta comes near it. */
export function eventTooLarge(maxEventBytes: number): GatewayError {
  return new GatewayError(
    'bad_response',
    `The gateway sent a single event larger than ${megabytes(maxEventBytes)}, far more than any reply chunk; Gatehouse stopped the reply there and kept the text up to it.`,
    undefined,
    undefined,
    undefined,
    { limitBytes: maxEventBytes, streamLimit: 'event' },
  );
}

/** A streamed reply over its byte cap: stopped there, what arrived kept. */
export function streamTooLarge(maxBytes: number): GatewayError {
  return new GatewayError(
    'bad_response',
    `The streamed reply passed ${megabytes(maxBytes)}, the most Gatehouse reads of one reply; it was stopped there and the text up to it is kept.`,
    undefined,
    undefined,
    undefined,
    { limitBytes: maxBytes, streamLimit: 'reply' },
  );
}

/** The reply ran past its overall deadline, however steadily bytes were arriving. */
export function replyDeadlinePassed(deadlineMs: number): GatewayError {
  const seconds = deadlineMs / 1000;
  return new GatewayError(
    'timeout',
    `The reply was still arriving after ${seconds.toLocaleString('en')} s, the reply deadline of this profile; it was stopped there and the text up to it is kept. The deadline is set per profile in Settings (Reply deadline).`,
    undefined,
    undefined,
    undefined,
    { deadlineSec: seconds },
  );
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Counts a body's bytes before anything keeps them: the SSE parser buffers an unterminated line,
 * and the lines of one event, without a limit, so a single endless `data:` line (or a gzip bomb
 * inside one) would otherwise fill memory before any parsed event could be checked.
 */
export class StreamBudget {
  private total = 0;
  private eventBytes = 0;
  private lineBytes = 0;
  private afterCR = false;

  constructor(private readonly limits: StreamLimits) {}

  /**
   * The part of `chunk` within the limits (all of it, usually), and the limit it passed, if it
   * passed one: bytes up to that point may be read, none after.
   */
  take(chunk: Uint8Array): { within: Uint8Array; over?: GatewayError } {
    const room = this.limits.maxBytes - this.total;
    const fits = this.limits.maxEventBytes === undefined ? chunk.length : this.eventFit(chunk);
    if (fits < chunk.length && fits <= room) {
      return { within: chunk.subarray(0, fits), over: eventTooLarge(this.limits.maxEventBytes!) };
    }
    if (chunk.length > room) {
      this.total = this.limits.maxBytes;
      return { within: chunk.subarray(0, Math.max(0, room)), over: streamTooLarge(this.limits.maxBytes) };
    }
    this.total += chunk.length;
    return { within: chunk };
  }

  /**
   * How many bytes of `chunk` fit before the current event passes its cap. Line terminators are
   * LF, CR or CRLF (a CRLF split between chunks is one terminator); an empty line ends the event.
   */
  private eventFit(chunk: Uint8Array): number {
    const max = this.limits.maxEventBytes!;
    // Locals, written back once: this loop sees every byte of a reply.
    let { eventBytes, lineBytes, afterCR } = this;
    let fit = chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === LF || b === CR) {
        if (b === LF && afterCR) {
          afterCR = false;
          continue;
        }
        afterCR = b === CR;
        if (lineBytes === 0) eventBytes = 0;
        lineBytes = 0;
      } else {
        afterCR = false;
        lineBytes++;
        if (++eventBytes > max) {
          fit = i;
          break;
        }
      }
    }
    this.eventBytes = eventBytes;
    this.lineBytes = lineBytes;
    this.afterCR = afterCR;
    return fit;
  }
}
