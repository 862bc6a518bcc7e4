/** Sliding one-second window per key: at most `limit` accepted requests in any 1000 ms. */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly limit: number) {}

  /** Records a hit and returns 0, or returns the whole seconds (>= 1) to wait when over the limit. */
  check(key: string, now = Date.now()): number {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < 1000);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0] + 1000 - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    return 0;
  }
}
