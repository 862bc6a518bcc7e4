import type { EvalCellDetail, EvalCellsRow, EvalRunView } from '../../../../src-shared/evals/eval-run-views';
import type { EvalCell } from '../../../../src-shared/evals/eval-run';
import type { ColumnComparison } from '../../../../src-shared/evals/stats/column-compare';
import type { ColumnStats } from '../../../../src-shared/evals/stats/column-stats';
import type { EvalRunStats } from '../../../../src-shared/ipc/routes/eval-stats-routes';
import type { DifferenceVerdict } from '../../../../src-shared/stats/difference-verdict';

/** A run of the matrix tests: `rows` rows × 2 variants × 1 target, one sample per cell. */
export function runView(over: Partial<EvalRunView> = {}, rows = 100_000): EvalRunView {
  return {
    id: 'run-1',
    evalId: 'eval-1',
    state: 'done',
    createdAt: Date.UTC(2026, 10, 27, 2),
    updatedAt: Date.UTC(2026, 10, 27, 2),
    plan: {
      rows,
      variants: 2,
      targets: 1,
      repeats: 1,
      columns: 2,
      cells: rows * 2,
      judgeCalls: rows * 2,
      embeddingInputs: 0,
    },
    done: rows * 2,
    failed: 0,
    variants: [
      { id: 'short', name: 'Short' },
      { id: 'warm', name: 'Warm' },
    ],
    targets: [{ id: 'chat1', profileId: 'sandbox', model: 'sandbox-chat-1' }],
    repeats: 1,
    ...over,
  };
}

/** Row `position` of such a run: the warm variant's cell fails its check on odd rows. */
export function cellsRow(position: number): EvalCellsRow {
  return {
    position,
    variables: { question: `Where is my order ${position}?` },
    cells: ['short', 'warm'].map((variantId) => ({
      variantId,
      targetId: 'chat1',
      sample: 0,
      state: 'done' as const,
      replyPreview: `${variantId} reply ${position}`,
      replyChars: 40,
      checks:
        variantId === 'warm' && position % 2 === 1
          ? { pass: 1, fail: 1, unknown: 0 }
          : { pass: 2, fail: 0, unknown: 0 },
      grades: [{ name: 'helpful', kind: 'score', position: 3 }],
      latencyMs: 210,
      tokensIn: 30,
      tokensOut: 12,
    })),
  };
}

export function storedCell(over: Partial<EvalCell> = {}): EvalCell {
  return {
    runId: 'run-1',
    row: 0,
    variantId: 'short',
    targetId: 'chat1',
    sample: 0,
    cacheKey: 'k',
    state: 'done',
    reply: { text: 'Your order ships tomorrow, full reply.', model: 'sandbox-chat-1' },
    latencyMs: 210,
    tokensIn: 30,
    tokensOut: 12,
    checks: [
      { kind: 'contains', pass: true, reason: 'contains “order”' },
      { kind: 'max-length', pass: false, reason: '412 characters, more than 300' },
    ],
    grades: [{ name: 'helpful', kind: 'score', score: 3, base: 0, position: 3, levels: [] }],
    updatedAt: 1,
    ...over,
  };
}

export function cellDetail(over: Partial<EvalCellDetail> = {}): EvalCellDetail {
  return {
    cell: storedCell(),
    request: {
      body: {
        model: 'sandbox-chat-1',
        messages: [{ role: 'user', content: 'Where is my order 0?' }],
        stream: true,
      },
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'sandbox-chat-1',
      profileId: 'sandbox',
    },
    ...over,
  };
}

const figure = (estimate: number, lower: number, upper: number) => ({
  estimate,
  lower,
  upper,
  confidence: 0.95,
  rows: 300,
  samples: 300,
  method: 'wilson' as const,
});

/** The run's statistics: Short passes its checks 72 % [65, 78], Warm 91 % [87, 94]. */
export function runStats(): EvalRunStats {
  const column = (
    variantId: string,
    rate: [number, number, number],
    mean: [number, number, number],
  ): ColumnStats => ({
    column: { variantId, targetId: 'chat1' },
    rows: 300,
    cells: 300,
    done: 298,
    errored: 2,
    checks: figure(...rate),
    questions: [{ name: 'helpful', kind: 'score', mean: { ...figure(...mean), method: 'clusterBootstrap' } }],
    latency: { p50: 212, p95: 480, cells: 298 },
    cost: { total: null, perCell: null, unknownCells: 298 },
  });
  return {
    runId: 'run-1',
    columns: [
      column('short', [0.72, 0.65, 0.78], [2.4, 2.2, 2.6]),
      column('warm', [0.91, 0.87, 0.94], [3.1, 2.9, 3.3]),
    ],
    gates: [],
    marks: null,
  };
}

/** Warm against Short on the checks: decisive, by 6 points [2, 10] on 300 rows. */
export function comparison(over: Partial<DifferenceVerdict> = {}): ColumnComparison {
  return {
    a: { variantId: 'short', targetId: 'chat1' },
    b: { variantId: 'warm', targetId: 'chat1' },
    of: 'checks',
    unit: 'rate',
    rows: 300,
    aMean: 0.72,
    bMean: 0.78,
    test: 'mcnemarExact',
    pValue: 0.004,
    flips: { bothRight: 200, aOnly: 10, bOnly: 28, bothWrong: 62 },
    seed: 1,
    resamples: 1000,
    verdict: {
      cases: 300,
      delta: 0.06,
      lower: 0.02,
      upper: 0.1,
      confidence: 0.95,
      decisive: true,
      direction: 'bHigher',
      ...over,
    },
    sentence: 'English sentence',
  };
}
