/**
 * Metrics that compare a judge's answers with human labels: plain functions over arrays, shared
 * by the window, main and the command-line tool. docs/architecture.md, "Judge metrics", lists the
 * definitions and the edge-case rules.
 */
export * from './binary-threshold';
export * from './metric-types';
export * from './precision-recall-curve';
export * from './probabilities';
export * from './ratio';
export * from './roc-auc';
export * from './score-groups';
export * from './threshold-sweep';
export * from './choice-metrics';
export * from './confusion-matrix';
export * from './rank-correlation';
export * from './score-metrics';
export * from './calibration';
export * from './confidence-summary';
export * from './label-pairing';
export * from './version-drift';
export * from './resampled-metrics';
export * from './metric-intervals';
