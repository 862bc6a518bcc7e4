import { createHash } from 'node:crypto';

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
  /** Judge requests that reached the judge route, by the model asked (402s included). */
  readonly judgeRequests = new Map<string, number>();
  /**
   * Judge requests by the text of their state, so a test can prove a resumed batch run never
   * sent a finished case again. Keyed by a hash: states can be megabytes.
   */
  readonly judgeRequestsByState = new Map<string, number>();
  /**
   * Chat completions asked for, by model (valid requests only), so an end-to-end test can prove a
   * resumed eval run never sent a finished cell again (e2e/evals.spec.ts).
   */
  readonly chatRequests = new Map<string, number>();
  /** Judge requests being answered now, and the most there were at once (batch concurrency). */
  activeJudges = 0;
  peakJudges = 0;

  constructor(balanceYuan?: number) {
    this.balanceYuan = balanceYuan;
  }

  /** How many judge requests carried this state (its text, or a list's lines joined by newlines). */
  judgeRequestsFor(stateText: string): number {
    return this.judgeRequestsByState.get(stateKey(stateText)) ?? 0;
  }

  /** All judge requests, whatever the model. */
  judgeRequestTotal(): number {
    let total = 0;
    for (const n of this.judgeRequests.values()) total += n;
    return total;
  }

  countChatRequest(model: string): void {
    this.chatRequests.set(model, (this.chatRequests.get(model) ?? 0) + 1);
  }

  countJudgeRequest(model: string, stateText: string): void {
    this.judgeRequests.set(model, (this.judgeRequests.get(model) ?? 0) + 1);
    const key = stateKey(stateText);
    this.judgeRequestsByState.set(key, (this.judgeRequestsByState.get(key) ?? 0) + 1);
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

function stateKey(stateText: string): string {
  return createHash('sha256').update(stateText).digest('base64url');
}

// Avoids float drift (0.1 + 0.2) piling up over many reservations.
function roundYuan(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}
