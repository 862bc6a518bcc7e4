import type { EvalCellMark, EvalCellSummary, GradeChip } from '../../../src-shared/evals/eval-run-views';
import { CELL_REPLY_PREVIEW } from '../../../src-shared/evals/eval-run-views';
import type { DbContext } from './quarantine';

/**
 * A page of an eval run's cells as the matrix shows them (docs/architecture.md, "Evals (in
 * progress)"): read by row positions through the cells' unique index, never OFFSET, and cut down
 * in SQL — a reply's first characters, the error's code — so a page never parses whole replies.
 */
export interface EvalCellPageRepository {
  /** Summaries of the stored cells of the rows `from` ≤ row < `to`, or of the rows listed. */
  summaries(runId: string, rows: { from: number; to: number } | number[]): Map<number, EvalCellSummary[]>;
}

interface SummaryRow {
  row_position: number;
  variant_id: string;
  target_id: string;
  sample: number;
  state: 'done' | 'failed';
  preview: string | null;
  chars: number | null;
  cached: number;
  checks: string | null;
  grades: string | null;
  similarity: number | null;
  latency_ms: number | null;
  tokens_in: number | null;
  tokens_out: number | null;
  cost_yuan: number | null;
  error_code: string | null;
  mark: EvalCellMark | null;
}

const SELECT = `SELECT c.row_position, c.variant_id, c.target_id, c.sample, c.state,
    substr(json_extract(c.reply, '$.text'), 1, ${CELL_REPLY_PREVIEW}) AS preview,
    length(json_extract(c.reply, '$.text')) AS chars,
    json_extract(c.reply, '$.fromCache') IS NOT NULL AS cached,
    c.checks, c.grades, c.similarity, c.latency_ms, c.tokens_in, c.tokens_out, c.cost_yuan,
    json_extract(c.error, '$.code') AS error_code, m.mark
  FROM eval_cells c LEFT JOIN eval_cell_marks m
    ON m.run_id = c.run_id AND m.row_position = c.row_position AND m.variant_id = c.variant_id
   AND m.target_id = c.target_id AND m.sample = c.sample
  WHERE c.run_id = ?`;
const ORDER = 'ORDER BY c.row_position, c.variant_id, c.target_id, c.sample';

function parsed(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // the cell's own read (getCell) sets an unreadable row aside
  }
}

function checkCounts(checks: unknown): EvalCellSummary['checks'] {
  const counts = { pass: 0, fail: 0, unknown: 0 };
  if (!Array.isArray(checks)) return counts;
  for (const c of checks as { pass?: unknown }[]) {
    if (c?.pass === true) counts.pass++;
    else if (c?.pass === false) counts.fail++;
    else counts.unknown++;
  }
  return counts;
}

function chips(grades: unknown): GradeChip[] | undefined {
  if (!Array.isArray(grades)) return undefined;
  return (grades as Record<string, unknown>[]).map((g) => {
    const chip: GradeChip = { name: String(g.name), kind: String(g.kind) };
    if (typeof g.choice === 'string') chip.choice = g.choice;
    if (typeof g.position === 'number') chip.position = g.position;
    if (typeof g.noul === 'number') chip.noul = g.noul;
    return chip;
  });
}

function summary(r: SummaryRow): EvalCellSummary {
  const s: EvalCellSummary = {
    variantId: r.variant_id,
    targetId: r.target_id,
    sample: Number(r.sample),
    state: r.state,
    checks: checkCounts(parsed(r.checks)),
  };
  if (r.preview !== null) s.replyPreview = r.preview;
  if (r.chars !== null) s.replyChars = Number(r.chars);
  if (r.preview !== null) s.fromCache = Number(r.cached) === 1;
  const grades = chips(parsed(r.grades));
  if (grades) s.grades = grades;
  if (r.similarity !== null) s.similarity = r.similarity;
  if (r.latency_ms !== null) s.latencyMs = r.latency_ms;
  if (r.tokens_in !== null) s.tokensIn = Number(r.tokens_in);
  if (r.tokens_out !== null) s.tokensOut = Number(r.tokens_out);
  if (r.cost_yuan !== null) s.costYuan = r.cost_yuan;
  if (r.mark !== null) s.mark = r.mark;
  if (r.error_code !== null) s.errorCode = r.error_code;
  return s;
}

export function evalCellPageRepository(ctx: DbContext): EvalCellPageRepository {
  const { db } = ctx;
  const byRange = db.prepare(`${SELECT} AND c.row_position >= ? AND c.row_position < ? ${ORDER}`);
  const byList = db.prepare(`${SELECT} AND c.row_position IN (SELECT value FROM json_each(?)) ${ORDER}`);
  return {
    summaries(runId, rows) {
      const found = (Array.isArray(rows)
        ? byList.all(runId, JSON.stringify(rows))
        : byRange.all(runId, rows.from, rows.to)) as unknown as SummaryRow[];
      const out = new Map<number, EvalCellSummary[]>();
      for (const r of found) {
        const at = Number(r.row_position);
        let list = out.get(at);
        if (!list) out.set(at, (list = []));
        list.push(summary(r));
      }
      return out;
    },
  };
}
