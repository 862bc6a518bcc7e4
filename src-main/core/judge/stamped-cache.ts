/**
 * A few computed values, each kept with the stamp of what it was computed from: a read with
 * the same stamp gets the kept value, another stamp computes it again. The least recently used
 * goes first when more than `max` are kept.
 */
export class StampedCache<V> {
  private readonly entries = new Map<string, { stamp: string; value: V }>();
  /** How many times a value was computed (tests read it). */
  computed = 0;

  constructor(private readonly max: number) {}

  /** The kept value if its stamp is still `stamp`, without computing anything. */
  peek(key: string, stamp: string): V | undefined {
    const hit = this.entries.get(key);
    return hit?.stamp === stamp ? hit.value : undefined;
  }

  get(key: string, stamp: string, make: () => V): V {
    const hit = this.entries.get(key);
    if (hit?.stamp === stamp) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    this.computed++;
    const value = make();
    this.entries.delete(key);
    this.entries.set(key, { stamp, value });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
