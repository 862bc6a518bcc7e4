import { noulVerdict } from '../../judge/set-tuning';

/**
 * What the statistics read of one cell (docs/architecture.md, "Evals: statistics"): never the
 * reply, so a worker can stream 400,000 of them. `EvalCell` fits this shape as it is.
 */
export interface StatsCell {
  row: number;
  variantId: string;
  targetId: string;
  sample: number;
  state: 'done' | 'failed';
  latencyMs?: number;
  costYuan?: number;
  checks?: readonly { pass: boolean | null }[];
  /** The judge's parsed answers (src-shared/judge/judge-answers.ts), as the cell keeps them. */
  grades?: readonly Record<string, unknown>[];
}

/** A column of the matrix: one prompt variant on one target. */
export interface ColumnRef {
  variantId: string;
  targetId: string;
}

/** What a rate or a mean is of: the checks, or one of the grader's questions. */
export type StatsOf = 'checks' | { question: string };

export const columnKey = (c: ColumnRef): string => `${c.variantId}\u0000${c.targetId}`;
export const sameColumn = (a: ColumnRef, b: ColumnRef): boolean =>
  a.variantId === b.variantId && a.targetId === b.targetId;

/** A noul answer is "yes" at 0.5, the judge's own default threshold (set-tuning.ts). */
export const NOUL_YES_AT = 0.5;

/**
 * A cell passes its checks when every check that could be checked passed; undefined when none
 * could be (no check, or each `null`: no price, a value the row lacks), so it is left out.
 */
export function checksVerdict(cell: Pick<StatsCell, 'state' | 'checks'>): boolean | undefined {
  if (cell.state !== 'done' || !cell.checks) return undefined;
  let checked = false;
  for (const c of cell.checks) {
    if (c.pass === false) return false;
    if (c.pass === true) checked = true;
  }
  return checked ? true : undefined;
}

/** One answer of the judge, reduced to what the statistics count. */
export type AnswerValue =
  | { name: string; kind: 'noul'; yes: boolean }
  | { name: string; kind: 'score'; position: number }
  | { name: string; kind: 'choice'; choice: string };

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The answers that count: an answer flagged with problems (answer-check.ts), missing or
 * unreadable is left out, as the judge's agreement leaves it out.
 */
export function answerValues(grades: StatsCell['grades']): AnswerValue[] {
  const out: AnswerValue[] = [];
  for (const g of grades ?? []) {
    const name = g.name;
    if (typeof name !== 'string' || (Array.isArray(g.problems) && g.problems.length > 0)) continue;
    if (g.kind === 'noul' && finite(g.noul))
      out.push({ name, kind: 'noul', yes: noulVerdict(g.noul, NOUL_YES_AT) });
    else if (g.kind === 'score' && finite(g.position))
      out.push({ name, kind: 'score', position: g.position });
    else if (g.kind === 'choice' && typeof g.choice === 'string')
      out.push({ name, kind: 'choice', choice: g.choice });
  }
  return out;
}

/** The cell's verdict on the checks or a noul question (the value of a score): undefined when it has none. */
export function cellValue(cell: StatsCell, of: StatsOf): number | undefined {
  if (of === 'checks') {
    const v = checksVerdict(cell);
    return v === undefined ? undefined : v ? 1 : 0;
  }
  if (cell.state !== 'done') return undefined;
  const a = answerValues(cell.grades).find((x) => x.name === of.question);
  if (!a || a.kind === 'choice') return undefined;
  return a.kind === 'noul' ? (a.yes ? 1 : 0) : a.position;
}
