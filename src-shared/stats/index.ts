/**
 * The statistics module: intervals and paired comparisons for the judge's metrics and, later,
 * evals. Pure functions over plain data, no UI. docs/architecture.md, "Statistics", states the
 * methods and their choices.
 */
export * from './interval-types';
export * from './normal-quantile';
export * from './wilson-interval';
export * from './precision-warning';
export * from './seeded-random';
export * from './percentile';
export * from './bootstrap';
export * from './paired-bootstrap';
export * from './mcnemar-exact';
export * from './sample-size';
export * from './difference-verdict';
export * from './cohen-kappa';
export * from './threshold-cross-validation';
export * from './curve-bands';
