import { describe, expect, it } from 'vitest';
import { evalSpecSchema, type EvalSpecInput } from '../eval-definition';
import { sampleSpecInput } from '../eval-spec.test-helper';
import { RunStatsAccumulator, specColumns } from './column-accumulator';
import { evaluateMinimums } from './eval-gates';
import type { StatsCell } from './stats-cell';
import { cell } from './stats-cells.test-helper';

const specWith = (minimums: EvalSpecInput['minimums']) =>
  evalSpecSchema.parse({ ...sampleSpecInput(), minimums });

/** 40 rows per column; `passing[column]` of them pass the checks, and answer “offers_refund” yes. */
function run(passing: Record<string, number>, rows = 40) {
  const spec = specWith([]);
  const acc = new RunStatsAccumulator(specColumns(spec));
  for (const col of specColumns(spec)) {
    const k = passing[`${col.variantId}/${col.targetId}`] ?? 0;
    for (let r = 0; r < rows; r++) {
      const c: StatsCell = cell(r, { v: col.variantId, t: col.targetId, pass: r < k, score: r < k ? 3 : 1 });
      acc.push({
        ...c,
        grades: [...(c.grades ?? []), { name: 'offers_refund', kind: 'noul', noul: r < k ? 0.9 : 0.1 }],
      });
    }
  }
  return acc.finish();
}

const all = { 'terse/a': 32, 'terse/b': 32, 'warm/a': 32, 'warm/b': 32 };

describe('an eval’s minimums', () => {
  it('passes a point estimate that its lower bound fails (32 of 40 = 80 %, Wilson [65.2, 89.5])', () => {
    const columns = run(all);
    const column = { variantId: 'warm', targetId: 'a' };
    const [point, lower] = evaluateMinimums(
      specWith([
        { kind: 'pass-rate', of: 'checks', min: 0.75, gate: 'point', column },
        { kind: 'pass-rate', of: 'checks', min: 0.75, gate: 'lower-bound', column },
      ]),
      columns,
    );
    expect(point).toMatchObject({ pass: true, figure: 0.8, threshold: 0.75 });
    expect(lower.pass).toBe(false);
    expect(lower.figure).toBeCloseTo(0.652, 3);
    expect(point.sentence).toBe(
      'pass rate of the checks of Warm × sandbox-chat: 80.0 % [65.2 %, 89.5 %] on 40 rows; estimate 80.0 % ≥ minimum 75.0 %: passes',
    );
    expect(lower.sentence).toMatch(/; lower bound 65\.2 % < minimum 75\.0 %: fails$/);
  });

  it('judges a minimum without a column on every column, naming each; a question’s figures too', () => {
    const columns = run({ ...all, 'terse/b': 10 });
    const results = evaluateMinimums(
      specWith([
        { kind: 'pass-rate', of: { question: 'offers_refund' }, min: 0.5 },
        { kind: 'mean-score', question: 'helpful', min: 2 },
      ]),
      columns,
    );
    expect(results.map((r) => [r.index, r.column.variantId, r.column.targetId, r.pass])).toEqual([
      [0, 'terse', 'a', true],
      [0, 'terse', 'b', false],
      [0, 'warm', 'a', true],
      [0, 'warm', 'b', true],
      [1, 'terse', 'a', true],
      [1, 'terse', 'b', false],
      [1, 'warm', 'a', true],
      [1, 'warm', 'b', true],
    ]);
    expect(results[1].sentence).toMatch(
      /^pass rate of “offers_refund” of Terse × sandbox-chat-text: 25\.0 % /,
    );
    // 10 rows at 3 and 30 at 1: 1.5.
    expect(results[5].sentence).toMatch(
      /^mean score of “helpful” of Terse × sandbox-chat-text: 1\.50 .*: fails$/,
    );
  });

  it('fails a minimum on a question no cell answered, or answered as another kind, saying so', () => {
    const columns = run(all);
    const [missing, kind] = evaluateMinimums(
      specWith([
        {
          kind: 'pass-rate',
          of: { question: 'nope' },
          min: 0.1,
          column: { variantId: 'warm', targetId: 'a' },
        },
        {
          kind: 'pass-rate',
          of: { question: 'helpful' },
          min: 0.1,
          column: { variantId: 'warm', targetId: 'a' },
        },
      ]),
      columns,
    );
    expect(missing).toMatchObject({ pass: false, figure: undefined });
    expect(missing.sentence).toBe('pass rate of “nope” of Warm × sandbox-chat: no answer to “nope”: fails');
    expect(kind.sentence).toMatch(/“helpful” is a score question, not a yes\/no \(noul\) one: fails$/);
  });

  it('passes “B not worse than A” within the margin and fails it beyond', () => {
    const a = { variantId: 'terse', targetId: 'a' };
    const b = { variantId: 'warm', targetId: 'a' };
    const columns = run({ ...all, 'warm/a': 30 }, 200);
    // 200 rows: A passes 32, B 30 (B's passing rows are A's): B − A = −1 point, its lower bound about −2.
    const [loose, tight, question] = evaluateMinimums(
      specWith([
        { kind: 'not-worse', of: 'checks', a, b, margin: 0.05 },
        { kind: 'not-worse', of: 'checks', a, b, margin: 0 },
        { kind: 'not-worse', of: { question: 'helpful' }, a, b, margin: 0.01 },
      ]),
      columns,
    );
    expect(loose.pass).toBe(true);
    expect(loose.figure!).toBeGreaterThan(-0.05);
    expect(loose.figure!).toBeLessThan(0);
    expect(loose.sentence).toMatch(
      /^Warm × sandbox-chat not worse than Terse × sandbox-chat on the checks \(margin 5\.0 points\): lower bound of B − A −\d\.\d points ≥ −5\.0 points; not decisive \(Warm × sandbox-chat − Terse × sandbox-chat = −1 point \[−3, 0\] on 200 rows\): passes$/,
    );
    expect(tight).toMatchObject({ pass: false, threshold: -0 });
    // Scores 3 against 1 on 2 of 200 rows: B − A = −0.02 levels, below −0.01 at its lower bound.
    expect(question.pass).toBe(false);
  });

  it('fails a not-worse minimum on a question neither column answered, or a choice question, saying why', () => {
    const a = { variantId: 'terse', targetId: 'a' };
    const b = { variantId: 'warm', targetId: 'a' };
    const columns = run(all);
    const [none] = evaluateMinimums(
      specWith([{ kind: 'not-worse', of: { question: 'nope' }, a, b }]),
      columns,
    );
    expect(none).toMatchObject({ pass: false, figure: undefined });
    expect(none.sentence).toMatch(
      /no row has a value in both Terse × sandbox-chat and Warm × sandbox-chat: fails$/,
    );
    for (const col of columns)
      col.questions.push({ name: 'tone', kind: 'choice', answered: col.checks, options: [] });
    const [choice] = evaluateMinimums(
      specWith([{ kind: 'not-worse', of: { question: 'tone' }, a, b }]),
      columns,
    );
    expect(choice.sentence).toMatch(/: “tone” is a choice question; compare .*: fails$/);
  });
});
