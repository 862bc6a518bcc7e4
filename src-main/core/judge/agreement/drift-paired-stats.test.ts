import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rocAuc, type PairedQuestion } from '../../../../src-shared/judge/metrics';
import { differenceSentence } from '../../../../src-shared/stats';
import {
  aucOverDraws,
  DRIFT_BOOTSTRAP,
  pairedDriftStats,
  pairedDriftStatsOf,
  prepareQuestion,
} from './drift-paired-stats';

const coverage = {
  total: 0,
  used: 0,
  invalidAnswer: 0,
  unlabelled: 0,
  failed: 0,
  unanswered: 0,
  invalidLabel: 0,
};

type NoulRow = { id: string; p: number; expected?: boolean };
const noul = (answered: NoulRow[]): PairedQuestion => ({
  type: 'noul',
  question: 'q',
  cases: [],
  answered,
  coverage,
});
type VecRow = { id: string; probabilities: number[]; expected?: number };
const score = (answered: VecRow[]): PairedQuestion => ({
  type: 'score',
  question: 'q',
  cases: [],
  answered,
  coverage,
  levelCount: 3,
});

/**
 * Two noul runs over n labelled cases (threshold 0.5): both right on `both`, A only on `aOnly`,
 * B only on `bOnly`, both wrong on the rest. Labels alternate true and false; a right answer is
 * on the label's side of 0.5.
 */
function noulRuns(n: number, both: number, aOnly: number, bOnly: number) {
  const a: NoulRow[] = [];
  const b: NoulRow[] = [];
  const p = (right: boolean, truth: boolean, far: number) => (right === truth ? 0.5 + far : 0.5 - far);
  for (let i = 0; i < n; i++) {
    const truth = i % 2 === 0;
    const rightA = i < both || (i >= both && i < both + aOnly);
    const rightB = i < both || (i >= both + aOnly && i < both + aOnly + bOnly);
    a.push({ id: `c${i}`, p: p(rightA, truth, 0.3), expected: truth });
    b.push({ id: `c${i}`, p: p(rightB, truth, 0.2), expected: truth });
  }
  return { a: noul(a), b: noul(b) };
}

describe('paired drift statistics', () => {
  it("gives McNemar's exact p on known flip tables and the accuracy delta as (bOnly − aOnly) / n", () => {
    // 0 vs 6 of 6 discordant: p = 2/64. 1 vs 5: 2·(1 + 6)/64 = 0.21875.
    const decisive = noulRuns(40, 20, 0, 6);
    const s = pairedDriftStats('q', decisive.a, decisive.b, 0.5);
    expect(s.cases).toBe(40);
    expect(s.flips).toMatchObject({ aOnly: 0, bOnly: 6, bothRight: 20, bothWrong: 14, decisive: true });
    expect(s.flips.pValue).toBeCloseTo(0.03125, 12);
    expect(s.flipsToSettle).toMatchObject({ method: 'connor' });
    const accuracy = s.deltas.find((d) => d.metric === 'accuracy')!;
    expect(accuracy).toMatchObject({ a: 0.5, b: 0.65, headline: false });
    expect(accuracy.delta.estimate).toBeCloseTo(6 / 40, 14);

    const weak = noulRuns(40, 20, 1, 5);
    const w = pairedDriftStats('q', weak.a, weak.b, 0.5);
    expect(w.flips.pValue).toBeCloseTo(0.21875, 12);
    expect(w.flips.decisive).toBe(false);
    expect(w.deltas[0].delta.estimate).toBeCloseTo(4 / 40, 14);
  });

  it('calls an accuracy change decisive only where the exact test agrees with the interval', () => {
    // 5 flips one way, none the other, in 300 cases: the bootstrap interval leaves out 0, but
    // McNemar's exact p is 2/32 = 0.0625.
    const few = noulRuns(300, 150, 5, 0);
    const s = pairedDriftStats('q', few.a, few.b, 0.5);
    expect(s.flips.pValue).toBeCloseTo(0.0625, 12);
    expect(s.flips.decisive).toBe(false);
    const accuracy = s.deltas.find((d) => d.metric === 'accuracy')!;
    expect(accuracy.delta.upper!).toBeLessThan(0);
    expect(accuracy.verdict).toMatchObject({ decisive: false, direction: 'none' });
    expect(differenceSentence(accuracy.verdict)).toMatch(/not decisive/);
    // Where both agree, it is decisive.
    const many = noulRuns(300, 150, 12, 0);
    const m = pairedDriftStats('q', many.a, many.b, 0.5);
    expect(m.deltas.find((d) => d.metric === 'accuracy')!.verdict).toMatchObject({
      decisive: true,
      direction: 'bLower',
    });
  });

  it('reads only the cases both runs answered with the same label', () => {
    const a = noul([
      { id: 'x', p: 0.9, expected: true },
      { id: 'y', p: 0.9, expected: true },
      { id: 'only-a', p: 0.9, expected: true },
      { id: 'unlabelled', p: 0.9 },
      { id: 'conflict', p: 0.9, expected: true },
    ]);
    const b = noul([
      { id: 'conflict', p: 0.1, expected: false },
      { id: 'unlabelled', p: 0.1 },
      { id: 'y', p: 0.1, expected: true },
      { id: 'x', p: 0.9, expected: true },
      { id: 'only-b', p: 0.1, expected: true },
    ]);
    const s = pairedDriftStats('q', a, b, 0.5);
    expect(s.cases).toBe(2);
    expect(s.flips).toMatchObject({ bothRight: 1, aOnly: 1, bOnly: 0, bothWrong: 0 });
  });

  it('resamples AUC for noul (the headline) and states the seed and resamples', () => {
    // A ranks every true case above every false one; B ranks them at random-ish: AUC falls.
    const rowsA: NoulRow[] = [];
    const rowsB: NoulRow[] = [];
    for (let i = 0; i < 200; i++) {
      const truth = i % 2 === 0;
      rowsA.push({ id: `c${i}`, p: truth ? 0.6 + (i % 7) / 20 : 0.1 + (i % 5) / 20, expected: truth });
      rowsB.push({ id: `c${i}`, p: ((i * 37) % 101) / 101, expected: truth });
    }
    const s = pairedDriftStats('q', noul(rowsA), noul(rowsB), 0.5);
    const auc = s.deltas.find((d) => d.metric === 'auc')!;
    expect(auc.headline).toBe(true);
    expect(auc.a).toBe(1);
    expect(auc.b).toBeCloseTo(rocAuc(rowsB.map((r) => ({ p: r.p, expected: r.expected! }))).auc!, 12);
    expect(auc.delta).toMatchObject({ seed: DRIFT_BOOTSTRAP.seed, resamples: 1000, confidence: 0.95 });
    expect(auc.verdict).toMatchObject({ decisive: true, direction: 'bLower' });
    expect(differenceSentence(auc.verdict)).toMatch(
      /^B − A = −0\.\d\d \[−0\.\d\d, −0\.\d\d\] on 200 cases: decisive, B lower$/,
    );
    // Decisive already: the cases to settle are fewer than those at hand.
    expect(auc.casesToSettle.cases!).toBeLessThan(200);
  });

  it('takes the mean error of the expected level as the score headline, lower being better', () => {
    // Labels all level 1 (zero-based). A: expected level 1 exactly; B: 1.5 on the first two, 1 after.
    const level1 = [0, 1, 0];
    const half = [0, 0.5, 0.5];
    const a = score(
      Array.from({ length: 4 }, (_, i) => ({ id: `c${i}`, probabilities: level1, expected: 1 })),
    );
    const b = score(
      Array.from({ length: 4 }, (_, i) => ({
        id: `c${i}`,
        probabilities: i < 2 ? half : level1,
        expected: 1,
      })),
    );
    const s = pairedDriftStats('q', a, b, 0.5);
    const mae = s.deltas.find((d) => d.metric === 'maeExpectedValue')!;
    expect(mae).toMatchObject({ a: 0, b: 0.25, headline: true });
    expect(mae.delta.estimate).toBeCloseTo(0.25, 14);
    // The argmax of [0, .5, .5] is level 1 (ties to the lowest): no accuracy flip.
    expect(s.flips).toMatchObject({ bothRight: 4, aOnly: 0, bOnly: 0, pValue: 1, decisive: false });
    expect(s.flipsToSettle).toEqual({ cases: undefined, reason: 'noDifference' });
  });

  it('calls identical runs not decisive, with nothing to settle', () => {
    const same = noulRuns(30, 10, 0, 0);
    const s = pairedDriftStats('q', same.a, same.a, 0.5);
    for (const d of s.deltas) {
      expect(d.verdict).toMatchObject({ decisive: false, direction: 'none', delta: 0 });
      expect(d.casesToSettle).toEqual({ cases: undefined, reason: 'noDifference' });
    }
  });

  it('stays bounded at 100,000 paired cases: 100 resamples per question, the cut stated, progress reported', () => {
    const big = noulRuns(100_000, 60_000, 1_000, 1_500);
    const seen: string[] = [];
    const s = pairedDriftStats('q', big.a, big.b, 0.5, { onProgress: (phase) => seen.push(phase) });
    for (const d of s.deltas) {
      expect(d.delta).toMatchObject({ resamples: 100, requestedResamples: 1000, limitedBy: 'maxDraws' });
      expect(d.delta.lower).toBeDefined();
    }
    expect(seen).toContain('q');
    expect(s.flips.decisive).toBe(true);
  });

  it('reads AUC over drawn rows as rocAuc over the cases repeated as drawn', () => {
    const arb = fc.array(fc.record({ p: fc.integer({ min: 0, max: 8 }), t: fc.boolean() }), {
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(arb, fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), (cases, picks) => {
        const p = Float64Array.from(cases, (c) => c.p / 8);
        const truth = Uint8Array.from(cases, (c) => (c.t ? 1 : 0));
        const rows = Uint32Array.from(picks, (k) => k % cases.length);
        const expected = rocAuc(Array.from(rows, (i) => ({ p: p[i], expected: cases[i].t }))).auc;
        const got = aucOverDraws(p, truth)(rows);
        if (expected === undefined) expect(got).toBeUndefined();
        else expect(got).toBeCloseTo(expected, 12);
      }),
    );
  });

  it('shares one set of resamples between questions over the same cases, changing no figure', () => {
    const x = noulRuns(120, 50, 4, 12);
    const y = noulRuns(120, 70, 9, 3);
    const z = noulRuns(90, 40, 2, 8);
    const phases = new Set<string>();
    const together = pairedDriftStatsOf(
      [
        prepareQuestion('x', x.a, x.b, 0.5),
        prepareQuestion('y', y.a, y.b, 0.5),
        prepareQuestion('z', z.a, z.b, 0.5),
      ],
      { onProgress: (phase) => phases.add(phase) },
    );
    expect([...phases]).toEqual(['x, y', 'z']);
    expect(together).toEqual([
      pairedDriftStats('x', x.a, x.b, 0.5),
      pairedDriftStats('y', y.a, y.b, 0.5),
      pairedDriftStats('z', z.a, z.b, 0.5),
    ]);
  });
});
