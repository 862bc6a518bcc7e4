import type { EvalCellSummary, GradeChip } from '../../../../src-shared/evals/eval-run-views';

/**
 * What one matrix cell says about its samples (docs/architecture.md, "Evals"): with repeats a
 * single reply is an anecdote, so the cell shows how many samples passed their checks and the
 * range of each score, not one sample's numbers.
 */
export interface CellSpread {
  samples: number;
  failed: number;
  /** Samples whose checks could be checked, and those of them with no failing check. */
  checked: number;
  passed: number;
  /** Per score question: the lowest and highest level over the samples. */
  scores: { name: string; min: number; max: number }[];
  /** Per noul question: samples answering yes at 0.5, of those answered. */
  nouls: { name: string; yes: number; of: number }[];
}

/** A sample passes its checks when none failed and at least one could be checked. */
export const samplePassed = (c: EvalCellSummary): boolean | undefined =>
  c.state !== 'done' || c.checks.pass + c.checks.fail === 0 ? undefined : c.checks.fail === 0;

export function cellSpread(samples: readonly EvalCellSummary[]): CellSpread {
  let failed = 0;
  let checked = 0;
  let passed = 0;
  const scores = new Map<string, { min: number; max: number }>();
  const nouls = new Map<string, { yes: number; of: number }>();
  for (const s of samples) {
    if (s.state === 'failed') failed++;
    const p = samplePassed(s);
    if (p !== undefined) {
      checked++;
      if (p) passed++;
    }
    for (const g of s.grades ?? []) {
      if (g.kind === 'score' && g.position !== undefined) {
        const r = scores.get(g.name);
        scores.set(
          g.name,
          r
            ? { min: Math.min(r.min, g.position), max: Math.max(r.max, g.position) }
            : { min: g.position, max: g.position },
        );
      } else if (g.kind === 'noul' && g.noul !== undefined) {
        const r = nouls.get(g.name) ?? { yes: 0, of: 0 };
        nouls.set(g.name, { yes: r.yes + (g.noul >= 0.5 ? 1 : 0), of: r.of + 1 });
      }
    }
  }
  return {
    samples: samples.length,
    failed,
    checked,
    passed,
    scores: [...scores].map(([name, r]) => ({ name, ...r })),
    nouls: [...nouls].map(([name, r]) => ({ name, ...r })),
  };
}

/** A grader's answer as the chip shows it: the choice, the level, or the noul's probability. */
export function chipValue(g: GradeChip): string {
  if (g.choice !== undefined) return g.choice;
  if (g.position !== undefined) return String(g.position);
  if (g.noul !== undefined) return g.noul.toFixed(2);
  return '—';
}

/** The column of a cell, as one key. */
export const columnId = (variantId: string, targetId: string): string => `${variantId}\u0000${targetId}`;
