import type { EvalCellDetail, EvalCellsRow, EvalRunView } from '../../../../src-shared/evals/eval-run-views';
import type { EvalCell } from '../../../../src-shared/evals/eval-run';

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
