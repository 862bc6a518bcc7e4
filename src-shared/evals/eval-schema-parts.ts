import { z } from 'zod';
import { VARIABLE_NAME } from '../chat/prompt-variables';
import { PATH_MAX, REPLY_VARIABLE } from './eval-limits';

/**
 * Small pieces the eval's schemas share. Objects are strict: a misspelt field in an eval file is
 * refused by name, never dropped (a dropped check or minimum would pass what it should not).
 */
export const onlyKnownKeys = {
  error: (iss: { code?: string; keys?: string[] }) =>
    iss.code === 'unrecognized_keys'
      ? `has no field ${iss.keys?.map((k) => `“${k}”`).join(', ')}`
      : undefined,
};

export const strict = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, onlyKnownKeys);

/** A variant's or a target's id inside its eval: it names the cells, so it stays put when renamed. */
export const partIdSchema = (what: string) =>
  z
    .string({ error: 'is required' })
    .regex(/^[A-Za-z0-9_-]{1,40}$/, `must be ${what}: 1 to 40 letters, digits, _ or -`);

/** A dataset column: a `{{name}}` placeholder's name (prompt-variables.ts), never `reply`. */
export const columnNameSchema = z
  .string({ error: 'is required' })
  .regex(
    VARIABLE_NAME,
    'must be a variable name: letters, digits, _ . -, up to 64, starting with a letter or _',
  )
  .refine(
    (n) => n !== REPLY_VARIABLE,
    'must not be “reply”: the grader’s templates use {{reply}} for the reply',
  );

export const filePathSchema = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(PATH_MAX, `must be at most ${PATH_MAX.toLocaleString('en')} characters`)
  .refine((p) => !p.includes('\0'), 'must not hold a NUL character');

export const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `must be ${what}` })
    .int('must be a whole number')
    .min(min, `must be from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`)
    .max(max, `must be from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`);
