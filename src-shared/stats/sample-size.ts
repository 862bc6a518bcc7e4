import type { CorrectnessFlips } from './mcnemar-exact';
import { normalQuantile, zForConfidence } from './normal-quantile';
import type { PairedDelta } from './paired-bootstrap';
import { checkProportion } from './stat-checks';

/**
 * How many labelled cases would settle a difference: the paired sample size at which a test at
 * alpha (two-sided) would find the difference seen with the power asked (0.8 by default). Both
 * read the difference seen as the true one, so they are estimates for planning, not promises.
 * docs/architecture.md, "Statistics".
 */
export type CasesToSettle =
  | { cases: number; method: 'connor' | 'intervalScaling'; alpha: number; power: number; reason?: undefined }
  | { cases: undefined; reason: 'noDifference' | 'noInterval' };

export interface SettleOptions {
  /** The two-sided level, 0.05 by default (a 95 % interval). */
  alpha?: number;
  /** The chance of finding the difference if it is real, 0.8 by default. */
  power?: number;
}

function zs(options: SettleOptions): { alpha: number; power: number; zAlpha: number; zBeta: number } {
  const { alpha = 0.05, power = 0.8 } = options;
  checkProportion('alpha', alpha, true);
  checkProportion('power', power, true);
  return { alpha, power, zAlpha: zForConfidence(1 - alpha), zBeta: normalQuantile(power) };
}

/**
 * For correctness flips (McNemar's test): Connor's (1987) approximation from the discordant
 * proportions seen, ψ = (aOnly + bOnly)/n and δ = (bOnly − aOnly)/n:
 * n = (z_{α/2}·√ψ + z_β·√(ψ − δ²))² / δ².
 */
export function mcnemarCasesNeeded(flips: CorrectnessFlips, options: SettleOptions = {}): CasesToSettle {
  const n = flips.bothRight + flips.aOnly + flips.bOnly + flips.bothWrong;
  if (n === 0 || flips.aOnly === flips.bOnly) return { cases: undefined, reason: 'noDifference' };
  const { alpha, power, zAlpha, zBeta } = zs(options);
  const psi = (flips.aOnly + flips.bOnly) / n;
  const delta = (flips.bOnly - flips.aOnly) / n;
  const root = zAlpha * Math.sqrt(psi) + zBeta * Math.sqrt(Math.max(0, psi - delta * delta));
  return { cases: Math.ceil((root * root) / (delta * delta)), method: 'connor', alpha, power };
}

/**
 * For a metric's delta from the paired bootstrap: its standard error read from the interval's
 * width, SE = (upper − lower) / (2·z), shrinking as 1/√n, so the cases at which
 * (z_{α/2} + z_β)·SE equals |delta| are n·((z_{α/2} + z_β)·SE / |delta|)². A normal approximation:
 * rough for skewed metrics and small n.
 */
export function deltaCasesNeeded(paired: PairedDelta, options: SettleOptions = {}): CasesToSettle {
  const d = paired.delta;
  if (d.reason !== undefined) return { cases: undefined, reason: 'noInterval' };
  if (d.estimate === 0) return { cases: undefined, reason: 'noDifference' };
  const { alpha, power, zAlpha, zBeta } = zs(options);
  const se = (d.upper - d.lower) / (2 * zForConfidence(d.confidence));
  const cases = Math.max(1, Math.ceil(d.rows * (((zAlpha + zBeta) * se) / Math.abs(d.estimate)) ** 2));
  return { cases, method: 'intervalScaling', alpha, power };
}
