/**
 * The limits of an eval's definition (docs/architecture.md, "Evals"), without zod
 * so a window screen can show them before it loads the schemas.
 */

export const EVAL_NAME_MAX = 120;
export const VARIANTS_MAX = 4;
export const TARGETS_MAX = 4;
export const REPEATS_MAX = 10;
export const CHECKS_MAX = 20;
export const MINIMUMS_MAX = 20;
/** Columns of a dataset: as many as Chat's variables (prompt-variables-schema.ts). */
export const COLUMNS_MAX = 50;
/** A system or user template, as a preset's system prompt. */
export const TEMPLATE_MAX = 200_000;
export const CHECK_TEXT_MAX = 10_000;
export const REGEX_MAX = 1_000;
export const PATH_MAX = 4_096;
export const DATASET_ROWS_MAX = 100_000;
/** rows × variants × targets × repeats: a 100,000-row dataset with 4 × 4 columns fits. */
export const RUN_CELLS_MAX = 2_000_000;
/** An eval file is a definition, never its dataset (that is a path). */
export const EVAL_FILE_TEXT_MAX = 5_000_000;

/** The grader's templates fill `{{reply}}` with the reply, so no column may take the name. */
export const REPLY_VARIABLE = 'reply';

export const EVAL_GATES = ['point', 'lower-bound'] as const;
export type EvalGate = (typeof EVAL_GATES)[number];
