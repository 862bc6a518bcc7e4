import { asRecord, ReplyCollector, type ReplyCallbacks } from './reply-collector';

/** Most choices kept of one reply (`n`); more are read past. */
const MAX_CHOICES = 16;

/**
 * The choices of one reply, kept apart by `index` (a request with `n` > 1 gets several,
 * interleaved in one stream). The first is the reply, streamed to the callbacks; the others are
 * gathered quietly, to be kept as its other versions.
 */
export class ReplyChoices {
  readonly first: ReplyCollector;
  private readonly rest = new Map<number, ReplyCollector>();

  constructor(
    private readonly elapsed: () => number,
    callbacks: ReplyCallbacks,
  ) {
    this.first = new ReplyCollector(elapsed, callbacks);
  }

  /** The `choices` of one chunk or of a whole completion. */
  read(choices: unknown): void {
    if (!Array.isArray(choices)) return;
    choices.forEach((raw, position) => {
      const choice = asRecord(raw);
      if (!choice) return;
      const index = typeof choice.index === 'number' ? choice.index : position;
      this.collector(index)?.readChoice(choice);
    });
  }

  /** The other choices, in index order. */
  get others(): ReplyCollector[] {
    return [...this.rest.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
  }

  end(): void {
    this.first.end();
    for (const c of this.rest.values()) c.end();
  }

  private collector(index: number): ReplyCollector | undefined {
    if (index === 0) return this.first;
    let c = this.rest.get(index);
    if (!c && this.rest.size < MAX_CHOICES - 1) {
      c = new ReplyCollector(this.elapsed, { onDelta: () => {} });
      this.rest.set(index, c);
    }
    return c;
  }
}
