import { asRecord, ReplyCollector, type ReplyCallbacks } from './reply-collector';

/** Most choices kept of one reply (`n`); more are read past. */
const MAX_CHOICES = 16;

/** What reads one choice's part of each chunk (or of a whole completion). */
export interface ChoiceReader {
  readChoice(choice: Record<string, unknown>): void;
}

/**
 * The choices of one reply, kept apart by `index`: a request with `n` > 1 gets several,
 * interleaved in one stream, one or more to a chunk. A choice without an index is the one at its
 * place in the list. Both the chat (ReplyChoices) and the request log (log-stream-assembler.ts)
 * read choices through this, each with its own reader per choice.
 */
export class ChoicesByIndex<T extends ChoiceReader> {
  private readonly byIndex = new Map<number, T>();

  constructor(private readonly make: (index: number) => T) {}

  /** The `choices` of one chunk or of a whole completion. */
  read(choices: unknown): void {
    if (!Array.isArray(choices)) return;
    // A plain loop: this runs for every chunk of every stream, twice (the chat's and the log's).
    for (let position = 0; position < choices.length; position++) {
      const choice = asRecord(choices[position]);
      if (!choice) continue;
      const index = typeof choice.index === 'number' ? choice.index : position;
      this.at(index)?.readChoice(choice);
    }
  }

  /** The reader of choice `index`, made on first use; undefined past MAX_CHOICES. */
  at(index: number): T | undefined {
    let reader = this.byIndex.get(index);
    if (!reader && this.byIndex.size < MAX_CHOICES) {
      reader = this.make(index);
      this.byIndex.set(index, reader);
    }
    return reader;
  }

  /** Every choice seen, in index order. */
  get all(): { index: number; reader: T }[] {
    return [...this.byIndex.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, reader]) => ({ index, reader }));
  }
}

/**
 * The chat's choices: the first is the reply, streamed to the callbacks; the others are
 * gathered quietly, to be kept as its other versions.
 */
export class ReplyChoices {
  readonly first: ReplyCollector;
  private readonly choices: ChoicesByIndex<ReplyCollector>;

  constructor(elapsed: () => number, callbacks: ReplyCallbacks) {
    this.first = new ReplyCollector(elapsed, callbacks);
    this.choices = new ChoicesByIndex((index) =>
      index === 0 ? this.first : new ReplyCollector(elapsed, { onDelta: () => {} }),
    );
    // Made first, so the reply always has its place whatever indexes come before it.
    this.choices.at(0);
  }

  /** The `choices` of one chunk or of a whole completion. */
  read(choices: unknown): void {
    this.choices.read(choices);
  }

  /** The other choices, in index order. */
  get others(): ReplyCollector[] {
    return this.choices.all.filter(({ index }) => index !== 0).map(({ reader }) => reader);
  }

  end(): void {
    for (const { reader } of this.choices.all) reader.end();
  }
}
