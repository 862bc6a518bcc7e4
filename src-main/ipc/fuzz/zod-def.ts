import type { z } from 'zod';

/** What the tests read of a zod 4 schema's `_zod.def`: public but undocumented, so tests only. */
export interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: z.ZodType;
}

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

export function checksOf(schema: z.ZodType): Record<string, unknown>[] {
  return (defOf(schema).checks ?? []).map((c) => c._zod.def);
}
