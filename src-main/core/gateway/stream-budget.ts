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
   * It sees every byte of a reply, so it jumps from terminator to terminator with the native
   * `indexOf` rather than looking at each byte in turn.
   */
  private eventFit(chunk: Uint8Array): number {
    const max = this.limits.maxEventBytes!;
    // An SSE chunk nearly always ends its last event (`\n\n`): when even all its bytes added to
    // the event under way stay within the cap, none of its events can pass it, and after it no
    // event is under way. Such a chunk needs no scan.
    const n = chunk.length;
    if (n >= 2 && chunk[n - 1] === LF && chunk[n - 2] === LF && this.eventBytes + n <= max) {
      this.eventBytes = this.lineBytes = 0;
      this.afterCR = false;
      return n;
    }
    // Locals, written back once.
    let { eventBytes, lineBytes, afterCR } = this;
    let fit = chunk.length;
    let nextLF = chunk.indexOf(LF);
    let nextCR = chunk.indexOf(CR);
    for (let i = 0; i < chunk.length;) {
      if (nextLF !== -1 && nextLF < i) nextLF = chunk.indexOf(LF, i);
      if (nextCR !== -1 && nextCR < i) nextCR = chunk.indexOf(CR, i);
      const end =
        nextLF === -1
          ? nextCR === -1
            ? chunk.length
            : nextCR
          : nextCR === -1
            ? nextLF
            : Math.min(nextLF, nextCR);
      const length = end - i;
      if (length > 0) {
        afterCR = false;
        if (eventBytes + length > max) {
          // The first byte over the cap, and the counts as they stand after it.
          fit = i + (max - eventBytes);
          lineBytes += max - eventBytes + 1;
          eventBytes = max + 1;
          break;
        }
        lineBytes += length;
        eventBytes += length;
      }
      if (end === chunk.length) break;
      if (chunk[end] === LF && afterCR) afterCR = false;
      else {
        afterCR = chunk[end] === CR;
        if (lineBytes === 0) eventBytes = 0;
        lineBytes = 0;
      }
      i = end + 1;
    }
    this.eventBytes = eventBytes;
    this.lineBytes = lineBytes;
    this.afterCR = afterCR;
    return fit;
  }
}
