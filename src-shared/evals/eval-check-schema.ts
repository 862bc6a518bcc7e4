import { z } from 'zod';
import { schemaSizeProblem } from '../chat/response-format-rules';
import { MODEL_ID_MAX } from '../input-limits';
import { profileIdSchema } from '../chat/compare';
import { CHECK_TEXT_MAX, REGEX_MAX } from './eval-limits';
import { columnNameSchema, strict, wholeNumber } from './eval-schema-parts';

/**
 * The cheap checks run on every reply (docs/architecture.md, "Evals"). `contains`
 * and `not-contains` take `{{column}}` placeholders (the expected column's too), filled per row.
 */
const needle = z
  .string({ error: 'is required' })
  .min(1, 'must not be empty')
  .max(CHECK_TEXT_MAX, `must be at most ${CHECK_TEXT_MAX.toLocaleString('en')} characters`);
const ignoreCase = z.boolean({ error: 'must be true or false' }).default(false);

/** `g` and `y` make a pattern remember where it stopped: a check asks only "does it match". */
export const REGEX_FLAGS = /^(?!.*(.).*\1)[imsu]*$/;

const regexCheck = strict({
  kind: z.literal('regex'),
  pattern: z
    .string({ error: 'is required' })
    .min(1, 'must not be empty')
    .max(REGEX_MAX, `must be at most ${REGEX_MAX.toLocaleString('en')} characters`),
  flags: z.string().regex(REGEX_FLAGS, 'must be some of i, m, s and u, each once').default(''),
}).superRefine((c, ctx) => {
  try {
    new RegExp(c.pattern, c.flags);
  } catch (err) {
    ctx.addIssue({
      code: 'custom',
      path: ['pattern'],
      message: `must be a regular expression (${err instanceof Error ? err.message : String(err)})`,
    });
  }
});

export const evalCheckSchema = z.discriminatedUnion(
  'kind',
  [
    strict({ kind: z.literal('contains'), text: needle, ignoreCase }),
    strict({ kind: z.literal('not-contains'), text: needle, ignoreCase }),
    regexCheck,
    strict({ kind: z.literal('valid-json') }),
    strict({
      kind: z.literal('json-schema'),
      schema: z
        .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
        .superRefine((schema, ctx) => {
          const problem = schemaSizeProblem(schema);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    }),
    strict({ kind: z.literal('max-length'), chars: wholeNumber('a number of characters', 1, 10_000_000) }),
    strict({ kind: z.literal('max-latency'), ms: wholeNumber('a number of milliseconds', 1, 3_600_000) }),
    strict({
      kind: z.literal('max-cost'),
      yuan: z
        .number({ error: 'must be a number of yuan' })
        .positive('must be more than 0')
        .max(10_000, 'must be at most 10,000'),
    }),
  ],
  {
    error:
      'must be a check: contains, not-contains, regex, valid-json, json-schema, max-length, max-latency or max-cost',
  },
);
export type EvalCheck = z.output<typeof evalCheckSchema>;
export type EvalCheckKind = EvalCheck['kind'];

/** Similarity to a reference answer through the gateway's embeddings endpoint (cosine). */
export const similaritySchema = strict({
  embeddingsModel: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(MODEL_ID_MAX, `must be at most ${MODEL_ID_MAX} characters`),
  /** Absent: the profile the app has selected, as the Embeddings tab uses. */
  profileId: profileIdSchema.optional(),
  /** A column of the dataset, or its expected column. */
  referenceColumn: columnNameSchema,
  threshold: z
    .number({ error: 'must be a number from -1 to 1' })
    .min(-1, 'must be from -1 to 1')
    .max(1, 'must be from -1 to 1'),
});
export type SimilarityCheck = z.output<typeof similaritySchema>;
