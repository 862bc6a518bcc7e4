import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  LOG_REASONING_KEEP,
  LOG_REPLY_KEEP,
  type LogStreamChoice,
  type LogStreamReply,
} from '../../../src-shared/log/log-entry';
import { usageFrom } from './chat-api';
import { errorEnvelope } from './error-envelope';
import { ChoicesByIndex, type ChoiceReader } from './reply-choices';
import { SSE_EVENT_CAP } from './reply-caps';
import { asRecord, choiceParts } from './reply-collector';
import { ToolCallAssembler } from './tool-calls';

/** Adds `more` to `kept` up to `limit` characters. */
const keep = (kept: string, more: string, limit: number) =>
  more && kept.length < limit ? (kept + more).slice(0, limit) : kept;

/**
 * One choice of the reply, read the way the chat reads it (choiceParts, ToolCallAssembler) but
 * kept as the wire sent it: `<think>` tags inside the content stay in the text, since the log
 * shows the wire, not the chat's reading of it.
 */
class LogChoice implements ChoiceReader {
  text = '';
  textChars = 0;
  reasoning = '';
  reasoningChars = 0;
  refusal = '';
  finishReason?: string;
  private readonly calls = new ToolCallAssembler();

  readChoice(choice: Record<string, unknown>): void {
    const { part, whole, reasoning, content, refusal, finishReason } = choiceParts(choice);
    this.reasoningChars += reasoning.length;
    this.reasoning = keep(this.reasoning, reasoning, LOG_REASONING_KEEP);
    this.textChars += content.length;
    this.text = keep(this.text, content, LOG_REPLY_KEEP);
    this.refusal = keep(this.refusal, refusal, LOG_REPLY_KEEP);
    this.calls.read(part, whole);
    if (finishReason !== undefined) this.finishReason = finishReason;
  }

  summary(scrub: (text: string) => string): LogStreamChoice {
    const toolCalls = this.calls.list.map((c) => ({
      ...c,
      arguments: scrub(c.arguments.slice(0, LOG_REPLY_KEEP)),
    }));
    return {
      text: scrub(this.text),
      textChars: this.textChars,
      reasoning: scrub(this.reasoning),
      reasoningChars: this.reasoningChars,
      ...(this.refusal ? { refusal: scrub(this.refusal) } : {}),
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
      finishReason: this.finishReason,
    };
  }
}

const EMPTY_CHOICE = new LogChoice();

/** What a reader hands `event` when JSON.parse threw on the event's data. */
export const NOT_JSON: unique symbol = Symbol('not JSON');
/** `event` was given no parse: the assembler parses the data itself. */
const UNPARSED: unique symbol = Symbol('unparsed');

/**
 * Events handed over by a reader (`event`) are read this many at a time, or sooner once their
 * data passes EVENT_BATCH_CHARS: one event a chunk, each read as it came, would bring the log's
 * reading back into the processor's caches for every chunk of a paced stream.
 */
const EVENT_BATCH = 64;
const EVENT_BATCH_CHARS = 64 * 1024;

/**
 * Puts a streamed chat reply back together for the request log, from the bytes the log already
 * sees, so every streamed call is summarised whoever made it. The choices of an `n` > 1 request
 * are kept apart by index (ChoicesByIndex, as the chat keeps them); of each, only the first
 * LOG_REPLY_KEEP / LOG_REASONING_KEEP characters are kept (main keeps hundreds of entries) and
 * the rest counted.
 */
export class LogStreamAssembler {
  private readonly choices = new ChoicesByIndex(() => new LogChoice());
  private usage?: LogStreamReply['usage'];
  private events = 0;
  private sawDone = false;
  private readonly decoder = new TextDecoder();
  /** The parser ran past SSE_EVENT_CAP: the rest of the body is counted, no longer parsed. */
  private overflowed = false;
  // The reader of the reply caps each event before its bytes get here (stream-budget.ts); this
  // wall keeps the log's own copy bounded whoever feeds it.
  private readonly parser = createParser({
    onEvent: (e) => this.read(e),
    maxBufferSize: SSE_EVENT_CAP,
    onError: () => {
      this.overflowed = true;
    },
  });
  private error?: string;
  /** Events handed over and not read yet, with their parses (see EVENT_BATCH). */
  private readonly queued: EventSourceMessage[] = [];
  private readonly queuedParses: unknown[] = [];
  private queuedChars = 0;

  /** The gateway's words when an event carried an error instead of a chunk. */
  get errorMessage(): string | undefined {
    this.drain();
    return this.error;
  }

  feed(bytes: Uint8Array): void {
    if (this.overflowed) return;
    this.drain(); // events handed over before, if any, come first
    this.parser.feed(this.decoder.decode(bytes, { stream: true }));
  }

  /**
   * One event from a reader that parses the stream itself (read-reply.ts, instead of `feed`),
   * with what its JSON.parse of the data gave (NOT_JSON if it threw; absent: parsed here): the
   * chat's stream is then decoded, split and parsed once, not once for the chat and once for the
   * log (docs/architecture.md, "The path of a chat delta").
   */
  event(event: EventSourceMessage, parsed: unknown = UNPARSED): void {
    this.queued.push(event);
    this.queuedParses.push(parsed);
    this.queuedChars += event.data.length;
    if (this.queued.length >= EVENT_BATCH || this.queuedChars >= EVENT_BATCH_CHARS) this.drain();
  }

  /** Reads what was handed over and not read yet. */
  private drain(): void {
    for (let i = 0; i < this.queued.length; i++) this.read(this.queued[i], this.queuedParses[i]);
    this.queued.length = this.queuedParses.length = this.queuedChars = 0;
  }

  /**
   * The stream ended whole: `[DONE]` came, or every choice begun has its finish reason (some
   * gateways send no `[DONE]`).
   */
  get complete(): boolean {
    this.drain();
    const all = this.choices.all;
    return this.sawDone || (all.length > 0 && all.every(({ reader }) => reader.finishReason !== undefined));
  }

  get eventCount(): number {
    this.drain();
    return this.events;
  }

  /** What arrived so far, each text passed through `scrub` (a key may be spelled over many deltas). */
  summary(scrub: (text: string) => string = (t) => t): LogStreamReply {
    this.drain();
    const rest = this.decoder.decode();
    if (rest && !this.overflowed) this.parser.feed(rest);
    const all = this.choices.all;
    const first = all.find(({ index }) => index === 0)?.reader ?? EMPTY_CHOICE;
    const others = all
      .filter(({ index }) => index !== 0)
      .map(({ index, reader }) => ({ index, ...reader.summary(scrub) }));
    return {
      ...first.summary(scrub),
      usage: this.usage,
      events: this.events,
      sawDone: this.sawDone,
      ...(others.length > 0 ? { otherChoices: others } : {}),
    };
  }

  private read(event: EventSourceMessage, parsed: unknown = UNPARSED): void {
    this.events++;
    // Data that parsed as JSON is no `[DONE]`: only the rest is looked at for it.
    if ((parsed === UNPARSED || parsed === NOT_JSON) && event.data.trim() === '[DONE]') {
      this.sawDone = true;
      return;
    }
    let value = parsed;
    if (value === UNPARSED) {
      try {
        value = JSON.parse(event.data);
      } catch {
        value = NOT_JSON;
      }
    }
    if (value === NOT_JSON) {
      if (event.event === 'error') this.error = event.data.trim().slice(0, 500);
      return;
    }
    const chunk = asRecord(value);
    if (!chunk) return;
    const envelope = errorEnvelope(chunk);
    if (envelope) {
      this.error = envelope.message.slice(0, 500);
      return;
    }
    this.usage = usageFrom(chunk.usage) ?? this.usage;
    this.choices.read(chunk.choices);
  }
}
