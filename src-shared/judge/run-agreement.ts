import type {
  AucResult,
  BinaryMetrics,
  ChoiceIntervals,
  ChoiceSummary,
  ClassPrecisionRecall,
  ConfidenceSummary,
  Coverage,
  DriftCoverage,
  MetricDelta,
  NoulIntervals,
  PrCurve,
  Reliability,
  RocCurve,
  ScoreIntervals,
  ScoreSummary,
  ThresholdSweep,
} from './metrics';
import type { BatchRunState } from './batch-run';
import type { QuestionDriftPaired } from './drift-paired-stats';
import type { SetTuning } from './set-tuning';
import type { ThresholdCrossValidation } from '../stats/threshold-cross-validation';
import type { CurveBands } from '../stats/curve-bands';

/**
 * What the Agreement and Drift views show (docs/architecture.md, "Judge agreement and drift"):
 * summaries main computes from a run's results and the set's labels, never the rows themselves.
 * Curves and the threshold sweep are cut to a few hundred points.
 */

/** At most this many points in a ROC or precision–recall curve sent to the window. */
export const CURVE_POINTS_MAX = 200;
/**
 * The threshold sweep is kept at every step of this size on [0, 1] (the point a slider at that
 * threshold reads), so a slider moving in these steps reads exactly what the full sweep says.
 */
export const SWEEP_STEP = 0.005;
/** Flipped cases per drift page, at most. */
export const DRIFT_PAGE_MAX = 100;
/** A flipped case's state is shown cut to this many characters. */
export const STATE_EXCERPT_CHARS = 240;

/** A run as the two views name it: which judge, which versions answered, and whether that moved. */
export interface RunRef {
  id: string;
  setId: string;
  setRevision: number;
  model: string;
  state: BatchRunState;
  createdAt: number;
  /** Answering versions (the response's `model`) with how many cases each. */
  versions: Record<string, number>;
  /** More than one version answered: an alias moved while the run went on. */
  versionChanged: boolean;
}

interface QuestionBase {
  question: string;
  instructions: string;
  coverage: Coverage;
}

export interface NoulAgreement extends QuestionBase {
  type: 'noul';
  /** The threshold in force: the set's latest revision's, else 0.5. */
  threshold: number;
  auc: AucResult;
  roc: RocCurve;
  pr: PrCurve;
  sweep: ThresholdSweep;
  /** Exact, from every case (not read from the cut sweep). */
  atThreshold: BinaryMetrics;
  calibration: Reliability;
  /**
   * Each metric's interval (docs/architecture.md, "Judge metrics with intervals"). Optional:
   * an agreement computed before intervals existed has none, and reads as before.
   */
  intervals?: NoulIntervals;
  /**
   * The threshold with the best accuracy on these labels, that accuracy as it reads on them
   * (optimistic) and cross-validated (docs/architecture.md, "Judge thresholds"). Optional, like
   * `intervals`: an agreement computed before it has none.
   */
  tunedThreshold?: ThresholdCrossValidation;
  /**
   * The ROC and precision–recall curves' pointwise 95 % bootstrap bands on a grid of BAND_POINTS
   * x values (docs/architecture.md, "Judge metrics with intervals"). Optional, as above.
   */
  bands?: CurveBands;
}

export interface ChoiceAgreement extends QuestionBase {
  type: 'choice';
  options: string[];
  summary: ChoiceSummary;
  /** matrix[expected][chosen] */
  confusion: number[][];
  perOption: ClassPrecisionRecall[];
  /** Top-option probability against correctness. */
  calibration: Reliability;
  confidence: ConfidenceSummary;
  /** See NoulAgreement.intervals. */
  intervals?: ChoiceIntervals;
}

export interface ScoreAgreement extends QuestionBase {
  type: 'score';
  levels: string[];
  summary: ScoreSummary;
  /** matrix[expected level][most probable level] */
  confusionChosen: number[][];
  /** matrix[expected level][Σ i·p_i rounded] */
  confusionExpectedValue: number[][];
  confidence: ConfidenceSummary;
  /** See NoulAgreement.intervals; kappa weighted quadratically. */
  intervals?: ScoreIntervals;
}

export type QuestionAgreement = NoulAgreement | ChoiceAgreement | ScoreAgreement;

export interface RunAgreement {
  run: RunRef;
  /** The set's latest revision, whose tuning is in force (the run may have used an older one). */
  latestRevision: number;
  tuning: SetTuning;
  /** Cases of the run, and how many have a result yet. */
  total: number;
  answered: number;
  questions: QuestionAgreement[];
}

/** A decision as the Drift view shows it: the option's name, the level's text, or true/false for noul. */
export interface DriftAnswer {
  decision: string | boolean;
  /** noul: the probability; choice and score: the decided option's or level's probability. */
  probability: number | undefined;
}

export interface FlippedCase {
  question: string;
  caseId: string;
  /** From 0, in run A's order. */
  position: number;
  stateExcerpt: string;
  a: DriftAnswer;
  b: DriftAnswer;
  /** The human label, if any, written like the decisions: an option's name, a level's text, true or false. */
  label: string | boolean | undefined;
}

/** How often each decision was made in A and in B, as shares of the compared cases. */
export interface DecisionShare {
  decision: string;
  a: number;
  b: number;
}

export interface QuestionDrift extends QuestionDriftPaired {
  question: string;
  type: 'noul' | 'choice' | 'score';
  coverage: DriftCoverage;
  flips: number;
  /** By metric name (auc, accuracy, logLoss, exact …): B − A on the cases labelled alike. */
  metrics: Record<string, MetricDelta>;
  shares: DecisionShare[];
  /** noul only: the mean probability in A and B. */
  meanProbability?: MetricDelta;
}

export interface RunDrift {
  a: RunRef;
  b: RunRef;
  /** noul decisions are read at the thresholds in force (the set's latest revision). */
  tuning: SetTuning;
  questions: QuestionDrift[];
  /** Every question's flips, question by question; this page of them. */
  flipsTotal: number;
  offset: number;
  flipped: FlippedCase[];
}
