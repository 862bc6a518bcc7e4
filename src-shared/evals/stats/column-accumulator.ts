import { answerValues, checksVerdict, type ColumnRef, columnKey, type StatsCell } from './stats-cell';

/**
 * Cells in, per-row sums out (docs/architecture.md, "Evals: statistics"). A column keeps, for
 * each row, the sum and the count of its samples' values per metric — never a cell — so the
 * worker can push 400,000 cells one at a time and the statistics take a row's samples as one
 * row (repeats are repeats, not rows).
 */

/** A metric's per-row sums and counts of samples, by slot (the row at `positions[slot]`). */
export interface MetricRows {
  sums: Float64Array;
  counts: Uint16Array;
  /** The most samples any row had: 1 means every row is one sample (a binary rate uses Wilson). */
  maxCount: number;
  /** 0/1 values (checks, a noul question, a choice option) rather than a score. */
  binary: boolean;
}

export type QuestionRows =
  | { name: string; kind: 'noul' | 'score'; rows: MetricRows }
  | {
      name: string;
      kind: 'choice';
      /** Samples that answered the question, per row; each option's sums count its picks. */
      answered: MetricRows;
      options: { option: string; sums: Float64Array }[];
    };

/** A finished column: slots sorted by row position, arrays cut to the rows seen. */
export interface ColumnData {
  column: ColumnRef;
  positions: Int32Array;
  /** Failed cells (no reply) per row. */
  errored: Uint16Array;
  cells: number;
  done: number;
  failed: number;
  /** Latency of each done cell that has one, sorted ascending. */
  latencies: Float64Array;
  costTotal: number;
  costKnown: number;
  costUnknown: number;
  checks: MetricRows;
  questions: QuestionRows[];
}

const grown = <T extends Float64Array | Uint16Array | Int32Array>(a: T, size: number): T => {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
};

const metric = (capacity: number, binary: boolean): MetricRows => ({
  sums: new Float64Array(capacity),
  counts: new Uint16Array(capacity),
  maxCount: 0,
  binary,
});

function add(m: MetricRows, slot: number, value: number): void {
  m.sums[slot] += value;
  const n = ++m.counts[slot];
  if (n > m.maxCount) m.maxCount = n;
}

/** One column's accumulator: `push` each of its cells (any order), then `finish`. */
export class ColumnAccumulator {
  private capacity = 1024;
  private rows = 0;
  private readonly slotOf = new Map<number, number>();
  private positions = new Int32Array(this.capacity);
  private errored = new Uint16Array(this.capacity);
  private checks = metric(this.capacity, true);
  private readonly questions = new Map<string, QuestionRows>();
  private latencies = new Float64Array(1024);
  private latencyCount = 0;
  private cells = 0;
  private done = 0;
  private failed = 0;
  private costTotal = 0;
  private costKnown = 0;
  private costUnknown = 0;

  constructor(readonly column: ColumnRef) {}

  push(cell: StatsCell): void {
    const slot = this.slot(cell.row);
    this.cells++;
    if (cell.state === 'failed') {
      this.failed++;
      this.errored[slot]++;
      return;
    }
    this.done++;
    if (cell.latencyMs !== undefined && Number.isFinite(cell.latencyMs)) {
      if (this.latencyCount === this.latencies.length)
        this.latencies = grown(this.latencies, this.latencies.length * 2);
      this.latencies[this.latencyCount++] = cell.latencyMs;
    }
    if (cell.costYuan !== undefined && Number.isFinite(cell.costYuan)) {
      this.costTotal += cell.costYuan;
      this.costKnown++;
    } else this.costUnknown++;
    const verdict = checksVerdict(cell);
    if (verdict !== undefined) add(this.checks, slot, verdict ? 1 : 0);
    for (const a of answerValues(cell.grades)) {
      const q = this.question(a.name, a.kind);
      if (!q) continue;
      // `question` gives only a question of the answer's kind.
      if (q.kind === 'choice') {
        if (a.kind !== 'choice') continue;
        add(q.answered, slot, 1);
        let option = q.options.find((o) => o.option === a.choice);
        if (!option) q.options.push((option = { option: a.choice, sums: new Float64Array(this.capacity) }));
        option.sums[slot] += 1;
      } else if (a.kind === 'noul') add(q.rows, slot, a.yes ? 1 : 0);
      else if (a.kind === 'score') add(q.rows, slot, a.position);
    }
  }

  /** The slots sorted by row position (the job pushes them in order: then nothing moves). */
  finish(): ColumnData {
    const n = this.rows;
    const order = Array.from({ length: n }, (_, i) => i);
    const sorted = this.positions.subarray(0, n).every((p, i, a) => i === 0 || a[i - 1] < p);
    if (!sorted) order.sort((x, y) => this.positions[x] - this.positions[y]);
    const pick = <T extends Float64Array | Uint16Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (k: number) => T)(n);
      for (let i = 0; i < n; i++) b[i] = a[order[i]];
      return b;
    };
    const rows = (m: MetricRows): MetricRows => ({ ...m, sums: pick(m.sums), counts: pick(m.counts) });
    const questions = [...this.questions.values()].map((q): QuestionRows =>
      q.kind === 'choice'
        ? { ...q, answered: rows(q.answered), options: q.options.map((o) => ({ ...o, sums: pick(o.sums) })) }
        : { ...q, rows: rows(q.rows) },
    );
    return {
      column: this.column,
      positions: pick(this.positions),
      errored: pick(this.errored),
      cells: this.cells,
      done: this.done,
      failed: this.failed,
      latencies: this.latencies.slice(0, this.latencyCount).sort(),
      costTotal: this.costTotal,
      costKnown: this.costKnown,
      costUnknown: this.costUnknown,
      checks: rows(this.checks),
      questions,
    };
  }

  private question(name: string, kind: QuestionRows['kind']): QuestionRows | undefined {
    let q = this.questions.get(name);
    if (!q) {
      q =
        kind === 'choice'
          ? { name, kind, answered: metric(this.capacity, true), options: [] }
          : { name, kind, rows: metric(this.capacity, kind === 'noul') };
      this.questions.set(name, q);
    }
    // A question answered as two kinds (a set edited between runs) counts as its first.
    return q.kind === kind ? q : undefined;
  }

  private slot(row: number): number {
    const known = this.slotOf.get(row);
    if (known !== undefined) return known;
    if (this.rows === this.capacity) this.grow();
    const slot = this.rows++;
    this.slotOf.set(row, slot);
    this.positions[slot] = row;
    return slot;
  }

  private grow(): void {
    const size = this.capacity * 2;
    const g = (m: MetricRows) => {
      m.sums = grown(m.sums, size);
      m.counts = grown(m.counts, size);
    };
    this.positions = grown(this.positions, size);
    this.errored = grown(this.errored, size);
    g(this.checks);
    for (const q of this.questions.values()) {
      if (q.kind === 'choice') {
        g(q.answered);
        for (const o of q.options) o.sums = grown(o.sums, size);
      } else g(q.rows);
    }
    this.capacity = size;
  }
}

/** A run's cells routed to their columns, each column an accumulator. */
export class RunStatsAccumulator {
  private readonly columns = new Map<string, ColumnAccumulator>();

  /** `columns` fixes the order (the spec's variants × targets); a cell of another column adds it. */
  constructor(columns: readonly ColumnRef[] = []) {
    for (const c of columns) this.columns.set(columnKey(c), new ColumnAccumulator(c));
  }

  push(cell: StatsCell): void {
    const key = columnKey(cell);
    let acc = this.columns.get(key);
    if (!acc) {
      acc = new ColumnAccumulator({ variantId: cell.variantId, targetId: cell.targetId });
      this.columns.set(key, acc);
    }
    acc.push(cell);
  }

  finish(): ColumnData[] {
    return [...this.columns.values()].map((c) => c.finish());
  }
}

/** The columns of a spec, variants × targets in its order (the matrix's order). */
export const specColumns = (spec: {
  variants: readonly { id: string }[];
  targets: readonly { id: string }[];
}): ColumnRef[] =>
  spec.variants.flatMap((v) => spec.targets.map((t) => ({ variantId: v.id, targetId: t.id })));

/** A row's mean of a metric at a slot; NaN when the row has no sample of it. */
export const rowMean = (m: MetricRows, slot: number): number =>
  m.counts[slot] === 0 ? Number.NaN : m.sums[slot] / m.counts[slot];
