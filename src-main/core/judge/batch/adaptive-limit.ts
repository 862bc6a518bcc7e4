/**
 * The concurrency of a run that met a 429: halved at once, then one more request at a time
 * after as many successes in a row as the current limit, back up to what was asked. A burst of
 * 429s from requests that were already in flight when the limit was cut counts once.
 */
export class AdaptiveLimit {
  private current: number;
  private streak = 0;
  private cutAt = -Infinity;

  constructor(readonly target: number) {
    this.current = target;
  }

  get limit(): number {
    return this.current;
  }

  /** `sentAt`: when the refused request went out; only a request sent after the last cut cuts again. */
  rateLimited(sentAt: number, now: number): void {
    this.streak = 0;
    if (sentAt < this.cutAt) return;
    this.current = Math.max(1, Math.floor(this.current / 2));
    this.cutAt = now;
  }

  succeeded(): void {
    if (this.current >= this.target) return;
    if (++this.streak >= this.current) {
      this.current++;
      this.streak = 0;
    }
  }
}
