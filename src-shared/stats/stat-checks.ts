/**
 * Argument checks of the statistics module. A statistic fed a count of 2.5, a confidence of 95 or
 * a negative sample would answer a number that looks right and is not, so these throw a RangeError
 * naming the argument and the rule it breaks, the way the metrics do (docs/architecture.md,
 * "Statistics"). Checks of user input with zod stay in main; these guard the callers' code.
 */

export function checkCount(name: string, value: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    const bound = max === Number.MAX_SAFE_INTEGER ? '' : ` up to ${max}`;
    throw new RangeError(`${name} must be a whole number from 0${bound}, got ${value}`);
  }
}

export function checkPositiveCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a whole number of at least 1, got ${value}`);
  }
}

/** A confidence level is a proportion strictly between 0 and 1 (0.95, not 95). */
export function checkConfidence(value: number): void {
  if (!(value > 0 && value < 1)) {
    throw new RangeError(`confidence must be between 0 and 1, exclusive (0.95 for 95 %), got ${value}`);
  }
}

/** A proportion or probability in [0, 1]; `open` asks for (0, 1). */
export function checkProportion(name: string, value: number, open = false): void {
  const ok = open ? value > 0 && value < 1 : value >= 0 && value <= 1;
  if (!ok) {
    const range = open ? 'between 0 and 1, exclusive' : 'from 0 to 1';
    throw new RangeError(`${name} must be ${range}, got ${value}`);
  }
}

export function checkPositive(name: string, value: number): void {
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number above 0, got ${value}`);
  }
}
