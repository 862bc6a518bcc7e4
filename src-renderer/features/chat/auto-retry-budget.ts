/**
 * Automatic re-sends after a rate limit, per reply: a reply that keeps meeting 429s is sent
 * again by itself at most MAX_AUTO_RETRIES times in a row, then waits for the user's click. Kept
 * outside the countdown because each re-send replaces the failed reply (and its countdown) with
 * a new one, which must know how many came before it.
 */
export const MAX_AUTO_RETRIES = 3;

interface Budget {
  used: number;
  /** The user cancelled automatic retries for this reply: only a click sends it again. */
  cancelled: boolean;
}

const budgets = new Map<string, Budget>();

export function autoRetryBudget(slot: string): Budget {
  return budgets.get(slot) ?? { used: 0, cancelled: false };
}

export function spendAutoRetry(slot: string): void {
  const b = autoRetryBudget(slot);
  budgets.set(slot, { ...b, used: b.used + 1 });
}

export function cancelAutoRetry(slot: string): void {
  budgets.set(slot, { ...autoRetryBudget(slot), cancelled: true });
}

/** The run is over: the reply got through, failed otherwise, or the user clicked Retry. */
export function resetAutoRetry(slot: string): void {
  budgets.delete(slot);
}
