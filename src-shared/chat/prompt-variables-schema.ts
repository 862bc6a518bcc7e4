import { z } from 'zod';
import { VARIABLE_NAME } from './prompt-variables';

export const VARIABLES_MAX = 50;
export const VARIABLE_VALUE_MAX = 100_000;

/** The values a request fills its placeholders with, by name. */
export const promptVariablesSchema = z
  .record(z.string().max(64), z.string().max(VARIABLE_VALUE_MAX, 'must be at most 100,000 characters'))
  .superRefine((v, ctx) => {
    const names = Object.keys(v);
    if (names.length > VARIABLES_MAX)
      ctx.addIssue({ code: 'custom', message: `must hold at most ${VARIABLES_MAX} variables` });
    // Checked here, not as the record's key schema, so the message names the variable and the rule.
    for (const name of names) {
      if (!VARIABLE_NAME.test(name)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'must be a variable name: letters, digits, _ . -, up to 64',
        });
      }
    }
  });
