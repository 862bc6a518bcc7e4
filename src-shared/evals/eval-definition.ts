import { z } from 'zod';
import { profileIdSchema } from '../chat/compare';
import { chatParamsSchema } from '../chat/conversation';
import { variableNames } from '../chat/prompt-variables';
import { MODEL_ID_MAX } from '../input-limits';
import { JUDGE_MODELS } from '../judge/judge-estimate';
import { QUESTION_NAME_RE } from '../judge/question-rules';
import { setIdSchema } from '../judge/question-set';
import { evalCheckSchema, similaritySchema } from './eval-check-schema';
import {
  CHECKS_MAX,
  COLUMNS_MAX,
  EVAL_GATES,
  EVAL_NAME_MAX,
  MINIMUMS_MAX,
  REPEATS_MAX,
  REPLY_VARIABLE,
  TARGETS_MAX,
  TEMPLATE_MAX,
  VARIANTS_MAX,
} from './eval-limits';
import { columnNameSchema, filePathSchema, partIdSchema, strict, wholeNumber } from './eval-schema-parts';

/**
 * An eval's definition (docs/architecture.md, "Evals"): a dataset × 1–4 prompt
 * variants × 1–4 targets, each reply graded by a saved question set and cheap checks, N samples
 * per cell, and the minimums a run must reach. The same schema reads the eval file, the stored
 * record and a run's snapshot of it; every problem names its field and the rule.
 */

export const evalIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be an eval id');

const template = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .max(TEMPLATE_MAX, `must be at most ${TEMPLATE_MAX.toLocaleString('en')} characters`);

export const datasetSchema = strict({
  /** `stored`: the eval's rows in the database; `file`: a CSV / JSONL / JSON file (the command line). */
  source: z.discriminatedUnion(
    'kind',
    [strict({ kind: z.literal('stored') }), strict({ kind: z.literal('file'), path: filePathSchema })],
    { error: 'must be {"kind": "stored"} or {"kind": "file", "path": …}' },
  ),
  /** The variables every row has, by the names the templates use. */
  columns: z
    .array(columnNameSchema, { error: 'must be a list of column names' })
    .min(1, 'must name at least 1 column')
    .max(COLUMNS_MAX, `must name at most ${COLUMNS_MAX} columns`),
  /** The column whose value is the expected answer: kept apart from the prompt's variables. */
  expectedColumn: columnNameSchema.optional(),
});

export const variantSchema = strict({
  id: partIdSchema('a variant id'),
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(60, 'must be at most 60 characters'),
  system: template('a text').default(''),
  user: template('a text').min(1, 'is required: the user message is the prompt'),
  /** Chat's own parameters, with its ranges (conversation.ts). */
  params: chatParamsSchema.default({}),
});
export type PromptVariant = z.output<typeof variantSchema>;

export const targetSchema = strict({
  id: partIdSchema('a target id'),
  profileId: profileIdSchema,
  model: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(MODEL_ID_MAX, `must be at most ${MODEL_ID_MAX} characters`),
});
export type EvalTarget = z.output<typeof targetSchema>;

const stateKey = z
  .string()
  .regex(QUESTION_NAME_RE, 'must be a field name: letters, digits, _ or -, up to 64');

/**
 * How the judge's state is built from a row and a reply. `default`: `{"variables": {…the row's
 * variables}, "reply": "…"}`; the others fill `{{column}}`, `{{expected column}}` and `{{reply}}`.
 */
export const stateTemplateSchema = z.discriminatedUnion(
  'mode',
  [
    strict({ mode: z.literal('default') }),
    strict({ mode: z.literal('text'), template: template('a text').min(1, 'must not be empty') }),
    strict({
      mode: z.literal('json'),
      template: z
        .record(stateKey, template('a text'), { error: 'must be a JSON object of texts' })
        .refine((t) => Object.keys(t).length >= 1, 'must have at least 1 field')
        .refine(
          (t) => Object.keys(t).length <= COLUMNS_MAX + 2,
          `must have at most ${COLUMNS_MAX + 2} fields`,
        ),
    }),
    strict({
      mode: z.literal('list'),
      template: z
        .array(template('a text'), { error: 'must be a list of texts' })
        .min(1, 'must hold at least 1 text')
        .max(COLUMNS_MAX + 2, `must hold at most ${COLUMNS_MAX + 2} texts`),
    }),
  ],
  { error: 'must be {"mode": "default"}, or "text", "json" or "list" with a template' },
);
export type StateTemplate = z.output<typeof stateTemplateSchema>;

export const graderSchema = strict({
  set: z.discriminatedUnion(
    'kind',
    [
      strict({
        kind: z.literal('saved'),
        setId: setIdSchema,
        revision: wholeNumber('a revision number', 1, 1_000_000),
      }),
      strict({ kind: z.literal('file'), path: filePathSchema }),
    ],
    { error: 'must be {"kind": "saved", "setId": …, "revision": …} or {"kind": "file", "path": …}' },
  ),
  judgeModel: z.enum(JUDGE_MODELS, { error: `must be one of ${JUDGE_MODELS.join(', ')}` }),
  /** Absent: the profile the app has selected, as the Judge tab uses. */
  profileId: profileIdSchema.optional(),
  state: stateTemplateSchema.default({ mode: 'default' }),
});
export type EvalGrader = z.output<typeof graderSchema>;

const questionName = z.string({ error: 'is required' }).regex(QUESTION_NAME_RE, 'must be a question name');
const gate = z.enum(EVAL_GATES, { error: 'must be point or lower-bound' }).default('point');
/** Absent: every column (variant × target) must reach the minimum. */
const columnRef = strict({ variantId: partIdSchema('a variant id'), targetId: partIdSchema('a target id') });

export const minimumSchema = z.discriminatedUnion(
  'kind',
  [
    strict({
      kind: z.literal('pass-rate'),
      /** `checks`: every check (and the similarity) passed; a question: its noul answer is true. */
      of: z.union([z.literal('checks'), strict({ question: questionName })], {
        error: 'must be "checks" or {"question": NAME}',
      }),
      min: z
        .number({ error: 'must be a number from 0 to 1' })
        .min(0, 'must be from 0 to 1')
        .max(1, 'must be from 0 to 1'),
      gate,
      column: columnRef.optional(),
    }),
    strict({
      kind: z.literal('mean-score'),
      question: questionName,
      /** On the score's levels, counted from 0 as the judge answers them. */
      min: z
        .number({ error: 'must be a number from 0 to 25' })
        .min(0, 'must be from 0 to 25')
        .max(25, 'must be from 0 to 25'),
      gate,
      column: columnRef.optional(),
    }),
    strict({
      /**
       * Column B is not worse than column A: the lower bound of the paired B − A (pass rate or
       * mean score, src-shared/evals/stats/eval-gates.ts) is at least −margin.
       */
      kind: z.literal('not-worse'),
      of: z.union([z.literal('checks'), strict({ question: questionName })], {
        error: 'must be "checks" or {"question": NAME}',
      }),
      a: strict({ variantId: partIdSchema('a variant id'), targetId: partIdSchema('a target id') }),
      b: strict({ variantId: partIdSchema('a variant id'), targetId: partIdSchema('a target id') }),
      /** In the figure's units: 0–1 for a pass rate, levels for a score question. */
      margin: z
        .number({ error: 'must be a number from 0 to 25' })
        .min(0, 'must be from 0 to 25')
        .max(25, 'must be from 0 to 25')
        .default(0),
    }),
  ],
  {
    error:
      'must be a minimum: {"kind": "pass-rate", …}, {"kind": "mean-score", …} or {"kind": "not-worse", …}',
  },
);
export type EvalMinimum = z.output<typeof minimumSchema>;

const specShape = {
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(EVAL_NAME_MAX, `must be at most ${EVAL_NAME_MAX} characters`),
  dataset: datasetSchema,
  variants: z
    .array(variantSchema, { error: 'must be a list of prompt variants' })
    .min(1, `must hold 1 to ${VARIANTS_MAX} prompt variants`)
    .max(VARIANTS_MAX, `must hold 1 to ${VARIANTS_MAX} prompt variants`),
  targets: z
    .array(targetSchema, { error: 'must be a list of targets' })
    .min(1, `must hold 1 to ${TARGETS_MAX} targets`)
    .max(TARGETS_MAX, `must hold 1 to ${TARGETS_MAX} targets`),
  grader: graderSchema.optional(),
  checks: z
    .array(evalCheckSchema, { error: 'must be a list of checks' })
    .max(CHECKS_MAX, `must hold at most ${CHECKS_MAX} checks`)
    .default([]),
  similarity: similaritySchema.optional(),
  /** Samples per cell: with temperature above 0 one sample is an anecdote. */
  repeats: wholeNumber('a number of samples', 1, REPEATS_MAX).default(1),
  minimums: z
    .array(minimumSchema, { error: 'must be a list of minimums' })
    .max(MINIMUMS_MAX, `must hold at most ${MINIMUMS_MAX} minimums`)
    .default([]),
};

type SpecFields = z.output<z.ZodObject<typeof specShape>>;

const list = (names: readonly string[]) => [...new Set(names)].map((n) => `“${n}”`).join(', ');

/** The rules between fields: each placeholder names a column, each id is unique, each reference resolves. */
function crossRules(spec: SpecFields, ctx: z.RefinementCtx): void {
  const { columns, expectedColumn } = spec.dataset;
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  columns.forEach((c, i) => {
    if (columns.indexOf(c) !== i) issue(['dataset', 'columns', i], `repeats the column “${c}”`);
  });
  if (expectedColumn && columns.includes(expectedColumn))
    issue(
      ['dataset', 'expectedColumn'],
      'must not be one of the columns: the expected value is kept out of the prompt',
    );
  const withExpected = expectedColumn ? [...columns, expectedColumn] : columns;
  /** Each placeholder of `text` must be one of `allowed`. */
  const placeholders = (path: (string | number)[], text: string, allowed: readonly string[]) => {
    for (const name of variableNames([text])) {
      if (allowed.includes(name)) continue;
      if (name === expectedColumn)
        issue(path, `uses {{${name}}}, the expected column: the answer must not be in the prompt`);
      else issue(path, `uses {{${name}}}, which is not a column of the dataset (${list(allowed)})`);
    }
  };
  spec.variants.forEach((v, i) => {
    if (spec.variants.findIndex((w) => w.id === v.id) !== i)
      issue(['variants', i, 'id'], `repeats the variant id “${v.id}”`);
    placeholders(['variants', i, 'system'], v.system, columns);
    placeholders(['variants', i, 'user'], v.user, columns);
  });
  spec.targets.forEach((t, i) => {
    if (spec.targets.findIndex((u) => u.id === t.id) !== i)
      issue(['targets', i, 'id'], `repeats the target id “${t.id}”`);
    const same = spec.targets.findIndex((u) => u.profileId === t.profileId && u.model === t.model);
    if (same !== i) issue(['targets', i], `repeats targets[${same}] (the same profile and model)`);
  });
  spec.checks.forEach((c, i) => {
    if (c.kind === 'contains' || c.kind === 'not-contains')
      placeholders(['checks', i, 'text'], c.text, withExpected);
  });
  const state = spec.grader?.state;
  const graderNames = [...withExpected, REPLY_VARIABLE];
  if (state?.mode === 'text') placeholders(['grader', 'state', 'template'], state.template, graderNames);
  if (state?.mode === 'json')
    for (const [k, t] of Object.entries(state.template))
      placeholders(['grader', 'state', 'template', k], t, graderNames);
  if (state?.mode === 'list')
    state.template.forEach((t, i) => placeholders(['grader', 'state', 'template', i], t, graderNames));
  const ref = spec.similarity?.referenceColumn;
  if (ref !== undefined && !withExpected.includes(ref))
    issue(['similarity', 'referenceColumn'], `must be a column of the dataset (${list(withExpected)})`);
  const columnRefRules = (path: (string | number)[], c: { variantId: string; targetId: string }) => {
    // An empty list is reported by its own rule; naming it again here says nothing more.
    if (spec.variants.length > 0 && !spec.variants.some((v) => v.id === c.variantId))
      issue(
        [...path, 'variantId'],
        `must be a variant of the eval (${list(spec.variants.map((v) => v.id))})`,
      );
    if (spec.targets.length > 0 && !spec.targets.some((t) => t.id === c.targetId))
      issue([...path, 'targetId'], `must be a target of the eval (${list(spec.targets.map((t) => t.id))})`);
  };
  spec.minimums.forEach((m, i) => {
    const question = m.kind === 'mean-score' ? m.question : m.of === 'checks' ? undefined : m.of.question;
    if (question !== undefined && !spec.grader)
      issue(['minimums', i], `is on the question “${question}”, but the eval has no grader`);
    if (m.kind === 'not-worse') {
      columnRefRules(['minimums', i, 'a'], m.a);
      columnRefRules(['minimums', i, 'b'], m.b);
      if (m.a.variantId === m.b.variantId && m.a.targetId === m.b.targetId)
        issue(['minimums', i, 'b'], 'must be another column than a (a column is never worse than itself)');
      if (m.of === 'checks' && m.margin > 1)
        issue(['minimums', i, 'margin'], 'must be from 0 to 1 for a pass rate of the checks');
      return;
    }
    if (m.column) columnRefRules(['minimums', i, 'column'], m.column);
  });
}

/** The definition as an eval file holds it (no id: a file is portable). */
export const evalSpecSchema = strict(specShape).superRefine(crossRules);
export type EvalSpec = z.output<typeof evalSpecSchema>;
export type EvalSpecInput = z.input<typeof evalSpecSchema>;

/** An eval as stored (table `evals`): the definition with its id and times. */
export const evalRecordSchema = strict({
  ...specShape,
  id: evalIdSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
}).superRefine(crossRules);
export type EvalRecord = z.output<typeof evalRecordSchema>;
