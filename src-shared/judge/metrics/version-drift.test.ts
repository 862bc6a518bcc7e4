import { describe, expect, it } from 'vitest';
import { parseJudgeResponse } from '../judge-answers';
import type { Question } from '../question-rules';
import { pairNoul } from './label-pairing';
import type { AnsweredCase, BinaryCase, ChoiceCase, ScoreCase } from './metric-types';
import { choiceDrift, noulDrift, scoreDrift } from './version-drift';

describe('version drift', () => {
  it('noul: flips at the threshold, and metric deltas on the cases labelled in both', () => {
    const a: AnsweredCase<BinaryCase>[] = [
      { id: '1', p: 0.8, expected: true },
      { id: '2', p: 0.4, expected: false },
      { id: '3', p: 0.6 },
      { id: '4', p: 0.3, expected: true },
    ];
    const b: AnsweredCase<BinaryCase>[] = [
      { id: '1', p: 0.9, expected: true },
      { id: '2', p: 0.55, expected: false },
      { id: '3', p: 0.4 },
      { id: '5', p: 0.7 },
    ];
    const d = noulDrift(a, b, 0.5);
    expect(d.coverage).toEqual({ compared: 3, onlyInA: 1, onlyInB: 1, labelled: 2, labelConflicts: 0 });
    // At 0.5: case 2 goes false -> true (0.4 -> 0.55), case 3 true -> false (0.6 -> 0.4); case 1 stays true.
    expect(d.flips).toEqual([
      { id: '2', a: false, b: true, pA: 0.4, pB: 0.55 },
      { id: '3', a: true, b: false, pA: 0.6, pB: 0.4 },
    ]);
    // Labelled cases 1 (true) and 2 (false). A: 0.8 / 0.4 -> tp 1, tn 1: precision, recall, F1, accuracy 1.
    // B: 0.9 / 0.55 -> tp 1, fp 1: precision 1/2, recall 1, F1 2/(2+1) = 2/3, accuracy 1/2. AUC 1 in both.
    expect(d.metrics.auc).toEqual({ a: 1, b: 1, delta: 0 });
    expect(d.metrics.precision).toEqual({ a: 1, b: 0.5, delta: -0.5 });
    expect(d.metrics.recall).toEqual({ a: 1, b: 1, delta: 0 });
    expect(d.metrics.f1.delta).toBeCloseTo(-1 / 3, 12);
    expect(d.metrics.accuracy).toEqual({ a: 1, b: 0.5, delta: -0.5 });
  });

  it('leaves a case labelled differently in the two runs out of the deltas', () => {
    const d = noulDrift([{ id: '1', p: 0.8, expected: true }], [{ id: '1', p: 0.8, expected: false }], 0.5);
    expect(d.coverage).toMatchObject({ compared: 1, labelled: 0, labelConflicts: 1 });
    expect(d.metrics.auc).toEqual({ a: undefined, b: undefined, delta: undefined });
  });

  it('choice: argmax flips (ties to the lowest index) and accuracy, log loss and Brier deltas', () => {
    const a: AnsweredCase<ChoiceCase>[] = [
      { id: 'x', probabilities: [0.6, 0.4], expected: 0 },
      { id: 'y', probabilities: [0.5, 0.5], expected: 1 },
    ];
    const b: AnsweredCase<ChoiceCase>[] = [
      { id: 'x', probabilities: [0.3, 0.7], expected: 0 },
      { id: 'y', probabilities: [0.2, 0.8], expected: 1 },
    ];
    const d = choiceDrift(a, b);
    // x: 0 -> 1; y: the 0.5/0.5 tie reads as option 0 -> 1.
    expect(d.flips).toEqual([
      { id: 'x', a: 0, b: 1 },
      { id: 'y', a: 0, b: 1 },
    ]);
    // Accuracy 1/2 in both. Log loss A (−ln .6 − ln .5)/2, B (−ln .3 − ln .8)/2: delta ln(.3/.24)/2 = ln(1.25)/2.
    // Brier A: (.16 + .16 + .25 + .25)/2 = .41; B: (.49 + .49 + .04 + .04)/2 = .53; delta .12.
    expect(d.metrics.accuracy).toEqual({ a: 0.5, b: 0.5, delta: 0 });
    expect(d.metrics.logLoss.delta).toBeCloseTo(Math.log(1.25) / 2, 12);
    expect(d.metrics.brier.a).toBeCloseTo(0.41, 12);
    expect(d.metrics.brier.delta).toBeCloseTo(0.12, 12);
  });

  it('score: argmax level flips and agreement, MAE and Spearman deltas', () => {
    const a: AnsweredCase<ScoreCase>[] = [
      { id: 's1', probabilities: [0.2, 0.5, 0.3], expected: 1 },
      { id: 's2', probabilities: [0.1, 0.1, 0.8], expected: 2 },
    ];
    const b: AnsweredCase<ScoreCase>[] = [
      { id: 's1', probabilities: [0.1, 0.3, 0.6], expected: 1 },
      { id: 's2', probabilities: [0, 0.2, 0.8], expected: 2 },
    ];
    const d = scoreDrift(a, b);
    expect(d.flips).toEqual([{ id: 's1', a: 1, b: 2 }]);
    // Exact: A 2/2, B 1/2. Within one: 1 and 1. MAE of argmax: A 0, B (1 + 0)/2 = 0.5.
    // EV: A 1.1 and 1.7 -> (0.1 + 0.3)/2 = 0.2; B 1.5 and 1.8 -> (0.5 + 0.2)/2 = 0.35. Spearman 1 in both.
    expect(d.metrics.exact).toEqual({ a: 1, b: 0.5, delta: -0.5 });
    expect(d.metrics.withinOne).toEqual({ a: 1, b: 1, delta: 0 });
    expect(d.metrics.maeChosen).toEqual({ a: 0, b: 0.5, delta: 0.5 });
    expect(d.metrics.maeExpectedValue.delta).toBeCloseTo(0.15, 12);
    expect(d.metrics.spearman.delta).toBeCloseTo(0, 12);
  });

  it('compares the answered cases of two paired runs, unlabelled ones included in the flips', () => {
    const q: Question = { name: 'cats', type: 'noul', instructions: 'i', options: [], levels: [] };
    const answers = (p: number) => parseJudgeResponse({ answers: { cats: p } }, [q]).answers;
    const labels = { one: { cats: true }, two: {} };
    const runA = pairNoul(q, [
      { id: 'one', answers: answers(0.7), labels: labels.one },
      { id: 'two', answers: answers(0.7), labels: labels.two },
    ]);
    const runB = pairNoul(q, [
      { id: 'one', answers: answers(0.2), labels: labels.one },
      { id: 'two', answers: answers(0.1), labels: labels.two },
    ]);
    const d = noulDrift(runA.answered, runB.answered, 0.5);
    expect(d.flips.map((f) => f.id)).toEqual(['one', 'two']);
    // Only 'one' is labelled, and only true: recall 1 -> 0, AUC undefined on both sides.
    expect(d.coverage.labelled).toBe(1);
    expect(d.metrics.recall).toEqual({ a: 1, b: 0, delta: -1 });
    expect(d.metrics.auc.delta).toBeUndefined();
  });
});
