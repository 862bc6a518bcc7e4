import {
  binaryMetricsAt,
  choiceCalibration,
  choiceIntervalSteps,
  type IntervalProgress,
  noulIntervalSteps,
  runSteps,
  scoreIntervalSteps,
  choiceConfidencePoints,
  choiceConfusion,
  choicePrecisionRecall,
  choiceSummary,
  confidenceVsCorrectness,
  confusionMatrix,
  expectedLevel,
  noulCalibration,
  precisionRecallCurve,
  rocAuc,
  rocCurve,
  scoreConfidencePoints,
  scoreConfusion,
  scoreSummary,
  thresholdSweep,
  type PairedQuestion,
  type PrCurve,
  type RocCurve,
} from '../../../../src-shared/judge/metrics';
import type { Question } from '../../../../src-shared/judge/question-rules';
import {
  CURVE_POINTS_MAX,
  SWEEP_STEP,
  type QuestionAgreement,
} from '../../../../src-shared/judge/run-agreement';
import { downsampleEvenly, downsampleSweep } from './downsample';

const cutRoc = (c: RocCurve): RocCurve =>
  c.reason ? c : { points: downsampleEvenly(c.points, CURVE_POINTS_MAX) };
const cutPr = (c: PrCurve): PrCurve =>
  c.reason ? c : { points: downsampleEvenly(c.points, CURVE_POINTS_MAX) };

/**
 * One question's agreement with the labels over a run's cases (`paired`: the question paired with
 * them), by its type, from the shared metrics (docs/architecture.md, "Judge metrics");
 * `threshold` is the one in force for noul. Each metric comes with its interval, the bootstrap's
 * progress reported through `onProgress` (it runs in a worker: docs/architecture.md, "Judge
 * metrics with intervals").
 */
export function questionAgreement(
  question: Question,
  paired: PairedQuestion,
  threshold: number,
  onProgress?: (p: IntervalProgress) => void,
): QuestionAgreement {
  const base = { question: question.name, instructions: question.instructions, coverage: paired.coverage };
  if (paired.type === 'noul') {
    const c = paired.cases;
    return {
      ...base,
      type: 'noul',
      threshold,
      auc: rocAuc(c),
      roc: cutRoc(rocCurve(c)),
      pr: cutPr(precisionRecallCurve(c)),
      sweep: downsampleSweep(thresholdSweep(c), SWEEP_STEP),
      atThreshold: binaryMetricsAt(c, threshold),
      calibration: noulCalibration(c),
      intervals: runSteps(noulIntervalSteps(c, threshold), onProgress),
    };
  }
  if (paired.type === 'choice') {
    const c = paired.cases;
    const k = paired.options.length;
    return {
      ...base,
      type: 'choice',
      options: paired.options,
      summary: choiceSummary(c),
      confusion: choiceConfusion(c, k),
      perOption: choicePrecisionRecall(c, k),
      calibration: choiceCalibration(c),
      confidence: confidenceVsCorrectness(choiceConfidencePoints(c)),
      intervals: runSteps(choiceIntervalSteps(c, k), onProgress),
    };
  }
  const c = paired.cases;
  const k = paired.levelCount;
  return {
    ...base,
    type: 'score',
    levels: question.levels,
    summary: scoreSummary(c),
    confusionChosen: scoreConfusion(c, k),
    // The expected value Σ i·p_i lies in [0, k-1], so its rounding is always a level.
    confusionExpectedValue: confusionMatrix(
      c.map((x) => ({ expected: x.expected, chosen: Math.round(expectedLevel(x.probabilities)) })),
      k,
    ),
    confidence: confidenceVsCorrectness(scoreConfidencePoints(c)),
    intervals: runSteps(scoreIntervalSteps(c, k), onProgress),
  };
}
