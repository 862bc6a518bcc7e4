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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
 * timer for the whole body rather than one per read, and it is an iterator of its own rather
 * than an async generator, whose every chunk would cost another promise and turn of the
 * microtask queue (docs/architecture.md, "Benchmarks").
 */
export function readChunks(
  response: Response,
  ticket: LogTicket,
  controller: AbortController,
  how: ChunkReading,
): AsyncIterableIterator<Uint8Array> {
  return new BodyChunks(response, ticket, controller, how);
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

class BodyChunks implements AsyncIterableIterator<Uint8Array> {
  private reader?: ReadableStreamDefaultReader<Uint8Array>;
  private budget?: StreamBudget;
  /** Over: the reading ended (whichever way) and let go of everything. */
  private ended = false;
  /** The body ended and what the scrubber held back was handed out: the next call finishes. */
  private finishing = false;
  /** A limit the last chunk passed: thrown at the next call, once the bytes before it are out. */
  private over?: GatewayError;
  private idle = false;
  private sliceStart = 0;
  /** When the read under way began; -1 between reads (the consumer's time is not silence). */
  private waitingSince = -1;
  private idleTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly response: Response,
    private readonly ticket: LogTicket,
    private readonly controller: AbortController,
    private readonly how: ChunkReading,
  ) {}

  [Symbol.asyncIterator](): AsyncIterableIterator<Uint8Array> {
    return this;
  }

  async next(): Promise<IteratorResult<Uint8Array>> {
    if (this.ended) return DONE;
    const { ticket, how } = this;
    try {
      if (!this.response.body || this.finishing) {
        ticket.finish();
        this.end();
        return DONE;
      }
      if (this.over) {
        ticket.fail(this.over.message);
        throw this.over;
      }
      if (!this.reader) {
        this.reader = this.response.body.getReader();
        this.budget = how.limits ? new StreamBudget(how.limits) : undefined;
        this.sliceStart = performance.now();
      }
      for (;;) {
        let now = performance.now();
        if (now - this.sliceStart > READ_SLICE_MS) {
          await nextTurn();
          now = this.sliceStart = performance.now();
        }
        this.waitingSince = now;
        if (!this.idleTimer) this.armIdle(how.idleTimeoutMs);
        let step: Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;
        try {
          step = await this.reader.read();
        } catch (err) {
          throw this.readFailure(err);
        } finally {
          this.waitingSince = -1;
        }
        if (step.done) {
          const rest = how.scrubber?.end();
          if (rest?.byteLength) {
            ticket.chunk(rest);
            this.finishing = true;
            return { done: false, value: rest };
          }
          ticket.finish();
          this.end();
          return DONE;
        }
        // Counted before anything keeps it: past a limit, only the bytes before it are passed on.
        const { within, over } = this.budget ? this.budget.take(step.value) : { within: step.value };
        const clean = how.scrubber ? how.scrubber.push(within) : within;
        if (clean.byteLength > 0) {
          ticket.chunk(clean);
          this.over = over;
          return { done: false, value: clean };
        }
        if (over) {
          ticket.fail(over.message);
          throw over;
        }
      }
    } catch (err) {
      this.end();
      throw err;
    }
  }

  /** The consumer stopped early (`break`, a throw in its loop): the body is let go. */
  async return(): Promise<IteratorResult<Uint8Array>> {
    this.end();
    return DONE;
  }

  async throw(err?: unknown): Promise<IteratorResult<Uint8Array>> {
    this.end();
    throw err;
  }

  private armIdle(ms: number) {
    this.idleTimer = setTimeout(this.onIdleTimer, ms);
  }

  private readonly onIdleTimer = () => {
    this.idleTimer = undefined;
    if (this.waitingSince < 0) return; // between reads: armed again when the next read begins
    const left = this.waitingSince + this.how.idleTimeoutMs - performance.now();
    if (left > 0) return this.armIdle(Math.ceil(left));
    this.idle = true;
    this.controller.abort();
  };

  /** Why a read failed, told to the log. */
  private readFailure(err: unknown): GatewayError {
    const { ticket, how } = this;
    if (this.idle) {
      const failure = new GatewayError('timeout', 'The gateway stopped sending data.');
      ticket.fail(failure.message);
      return failure;
    }
    if (how.deadline?.passed()) {
      const failure = replyDeadlinePassed(how.deadline.ms);
      ticket.fail(failure.message);
      return failure;
    }
    if (how.callerAborted()) {
      const failure = abortedError();
      ticket.stop(failure.message);
      return failure;
    }
    // A response had begun, so the gateway was reached: never "could not be reached".
    const failure = new GatewayError(
      'network',
      'The connection was cut before the reply finished.',
      this.response.status,
      undefined,
      undefined,
      { reason: 'cut', cause: String(err) },
    );
    ticket.cut(failure.message);
    return failure;
  }

  /** However the reading ended: the call lets go, the timer stops, the socket closes if still open. */
  private end() {
    if (this.ended) return;
    this.ended = true;
    this.how.onEnd?.();
    clearTimeout(this.idleTimer);
    // A consumer that stops early (stop button, parse failure) must not leave the socket open,
    // nor its log entry pending.
    if (this.ticket.entry.state === 'pending') {
      if (this.how.callerAborted()) this.ticket.stop(abortedError().message);
      else this.ticket.fail('Stopped reading before the end of the reply.');
    }
    if (!this.reader) return;
    if (!this.controller.signal.aborted) this.reader.cancel().catch(() => undefined);
    this.reader.releaseLock();
  }
}
