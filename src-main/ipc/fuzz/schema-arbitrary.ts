import fc from 'fast-check';
import type { z } from 'zod';
import { checksOf, defOf } from './zod-def';

const check = (schema: z.ZodType, name: string, key: string): number | undefined => {
  const found = checksOf(schema).find((c) => c.check === name);
  return found ? (found[key] as number) : undefined;
};

/** Longest string or list generated for a valid-ish value: the handlers, not the size, are the target. */
const SMALL = 24;

/** Known-good strings per field name (models the Sandbox knows, a loopback host), mixed in. */
export type FieldHints = Record<string, readonly string[]>;

/**
 * fast-check values shaped like a zod schema: right types, lengths and ranges, regex-matching
 * ids, enum members. Refinements (question rules, URL checks) are not solved, so many values are
 * still refused; the point is to reach past the type checks into the handlers.
 */
export function arbitraryFor(schema: z.ZodType, hints: FieldHints = {}, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: z.ZodType, d = depth) => arbitraryFor(s, hints, d);
  switch (def.type) {
    case 'string':
      return stringFor(schema);
    case 'number':
      return numberFor(schema);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType!), { nil: undefined });
    case 'nullable':
      return fc.option(inner(def.innerType!), { nil: null });
    case 'pipe':
      return inner(def.in!);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => inner(o)));
    case 'array':
      return arrayFor(schema, hints, depth);
    case 'object':
      return objectFor(def.shape ?? {}, hints, depth);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), inner(def.valueType!, depth + 1), {
        maxKeys: 3,
      });
    default:
      // unknown, any, custom: anything small.
      return fc.anything({ maxDepth: 2, maxKeys: 3 });
  }
}

function stringFor(schema: z.ZodType): fc.Arbitrary<string> {
  const min = check(schema, 'min_length', 'minimum') ?? 0;
  const max = Math.min(check(schema, 'max_length', 'maximum') ?? SMALL, Math.max(min, SMALL));
  const regex = checksOf(schema).find((c) => c.format === 'regex')?.pattern as RegExp | undefined;
  if (regex) return fc.stringMatching(regex).filter((s) => s.length >= min && s.length <= max);
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function numberFor(schema: z.ZodType): fc.Arbitrary<number> {
  const checks = checksOf(schema);
  const lowCheck = checks.find((c) => c.check === 'greater_than');
  const highCheck = checks.find((c) => c.check === 'less_than');
  const integer = checks.some((c) => c.check === 'number_format');
  let low = (lowCheck?.value as number | undefined) ?? -1e6;
  let high = (highCheck?.value as number | undefined) ?? 1e6;
  if (integer) {
    if (lowCheck && !lowCheck.inclusive) low += 1;
    if (highCheck && !highCheck.inclusive) high -= 1;
    return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  }
  return fc.double({ min: low, max: high, noNaN: true, minExcluded: lowCheck?.inclusive === false });
}

function arrayFor(schema: z.ZodType, hints: FieldHints, depth: number): fc.Arbitrary<unknown[]> {
  const min = check(schema, 'min_length', 'minimum') ?? 0;
  // Recursive schemas (chat versions) stop growing after two levels.
  const max = depth > 2 ? min : Math.min(check(schema, 'max_length', 'maximum') ?? 3, Math.max(min, 3));
  return fc.array(arbitraryFor(defOf(schema).element!, hints, depth + 1), { minLength: min, maxLength: max });
}

function objectFor(
  shape: Record<string, z.ZodType>,
  hints: FieldHints,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const required: string[] = [];
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of Object.keys(shape)) {
    const field = shape[key];
    const optional = ['optional', 'default', 'prefault'].includes(defOf(field).type);
    // Past two levels only what is required is filled in, so recursion ends.
    if (optional && depth > 2) continue;
    const value = arbitraryFor(optional ? defOf(field).innerType! : field, hints, depth + 1);
    const known = hints[key];
    fields[key] = known ? fc.oneof(fc.constantFrom(...known), value) : value;
    if (!optional) required.push(key);
  }
  return fc.record(fields, { requiredKeys: required });
}
