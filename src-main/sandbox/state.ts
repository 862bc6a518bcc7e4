/**
 * Mutable state of one sandbox server, shared by all its routes.
 *
 * Money is in yuan. `balanceYuan === undefined` means unlimited: every reservation succeeds and
 * nothing is deducted. The judge route reserves the worst case up front (`reserve`) and then
 * `settle`s with the real cost, which returns the excess, as the real gateway does.
 */
export class SandboxState {
  balanceYuan: number | undefined;
  /** Streams currently being generated; returns to 0 when clients finish or disconnect. */
  activeStreams = 0;
  /** Chat chunks written over the server's lifetime (lets tests see generation stop). */
  streamedChunks = 0;
  /** Scratch space for feature routes (e.g. video tasks), keyed by route name. */
  readonly store = new Map<string, unknown>();

  constructor(balanceYuan?: number) {
    this.balanceYuan = balanceYuan;
  }

  /** Takes `yuan` from the balance; false (and nothing taken) when the balance cannot cover it. */
  reserve(yuan: number): boolean {
    if (this.balanceYuan === undefined) return true;
    if (this.balanceYuan < yuan) return false;
    this.balanceYuan = roundYuan(this.balanceYuan - yuan);
    return true;
  }

  /** Finishes a reservation: gives back `reserved - actual` (charges the difference if actual is larger). */
  settle(reserved: number, actual: number): void {
    if (this.balanceYuan === undefined) return;
    this.balanceYuan = roundYuan(this.balanceYuan + reserved - actual);
  }
}

// Avoids float drift (0.1 + 0.2) piling up over many reservations.
function roundYuan(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}
