import {
  AGREEMENT_BOOTSTRAP,
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
  type BootstrapProgress,
  crossValidatedThreshold,
  curveBandSteps,
  type CurveBands,
} from '../../../../src-shared/stats';
import {
  CURVE_POINTS_MAX,
  SWEEP_STEP,
  type QuestionAgreement,
} from '../../../../src-shared/judge/run-agreement';
import { downsampleEvenly, downsampleSweep } from './downsample';

/** The threshold's cross-validation, stated in its result: 5 stratified folds, seed 1. */
export const THRESHOLD_CV = { folds: 5, seed: 1 } as const;

/** The bands' steps as the job reports them: "<question>: curve bands", resamples done of total. */
function* curveBands(
  steps: Generator<BootstrapProgress, CurveBands, void>,
): Generator<IntervalProgress, CurveBands, void> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    yield { metric: 'curve bands', ...step.value };
  }
}

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
      // O(n): the cases are counted by grid step once (docs/architecture.md, "Statistics").
      tunedThreshold: crossValidatedThreshold(c, THRESHOLD_CV),
      // Bounded like the intervals' bootstrap: 1,000 resamples, seed 1, at most 10 M draws.
      bands: runSteps(curveBands(curveBandSteps(c, AGREEMENT_BOOTSTRAP)), onProgress),
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
