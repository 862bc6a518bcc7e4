import { z } from 'zod';
import {
  describeExtraProblem,
  type ExtraBody,
  type ExtraEndpoint,
  extraProblems,
  EXTRA_RULES,
} from './extra-body';

/**
 * Main's check of the extras a form sends (and of a saved record's). The rules are
 * `extraProblems`, the same the window's editor applies, so both say the same thing; an issue on
 * a key is placed under it, so the router reports e.g. `extra.messages: is set by the form — …`.
 */
export function extraBodySchema(endpoint: ExtraEndpoint): z.ZodType<ExtraBody, ExtraBody> {
  return z.record(z.string(), z.json(), { error: EXTRA_RULES.notObject }).superRefine((value, ctx) => {
    for (const p of extraProblems(value, endpoint)) {
      const path = p.rule === 'key-name' || p.rule === 'reserved' ? [p.key] : [];
      ctx.addIssue({ code: 'custom', path, message: describeExtraProblem(p) });
    }
  }) as unknown as z.ZodType<ExtraBody, ExtraBody>;
}

/**
 * A stored record's extras: read back leniently (any object), since a record saved under older
 * rules must still open; what is sent is checked again by `extraBodySchema`.
 */
export const storedExtraSchema = z.record(z.string(), z.unknown()).optional();
