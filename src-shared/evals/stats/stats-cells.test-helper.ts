import type { StatsCell } from './stats-cell';

/** Cells for the statistics' tests: one column by default, a check's pass and the judge's answers. */
export interface CellOptions {
  v?: string;
  t?: string;
  sample?: number;
  pass?: boolean | null;
  failed?: boolean;
  latencyMs?: number;
  costYuan?: number;
  noul?: number;
  score?: number;
  choice?: string;
}

export function cell(row: number, o: CellOptions = {}): StatsCell {
  const grades: Record<string, unknown>[] = [];
  if (o.noul !== undefined) grades.push({ name: 'ok', kind: 'noul', noul: o.noul });
  if (o.score !== undefined)
    grades.push({ name: 'helpful', kind: 'score', score: o.score, base: 0, position: o.score, levels: [] });
  if (o.choice !== undefined) grades.push({ name: 'tone', kind: 'choice', choice: o.choice, options: [] });
  return {
    row,
    variantId: o.v ?? 'v1',
    targetId: o.t ?? 't1',
    sample: o.sample ?? 0,
    state: o.failed ? 'failed' : 'done',
    ...(o.latencyMs !== undefined ? { latencyMs: o.latencyMs } : {}),
    ...(o.costYuan !== undefined ? { costYuan: o.costYuan } : {}),
    ...(o.pass !== undefined ? { checks: [{ pass: o.pass }] } : {}),
    ...(grades.length > 0 ? { grades } : {}),
  };
}

/** One column's cells: row i's samples are `values[i]`, each made by `make`. */
export function rowsOf<T>(
  values: readonly (readonly T[])[],
  make: (v: T) => CellOptions,
  base: CellOptions = {},
) {
  return values.flatMap((samples, row) =>
    samples.map((v, sample) => cell(row, { ...base, sample, ...make(v) })),
  );
}
