import fc from 'fast-check';
import type { z } from 'zod';
import { arbitraryFor, type FieldHints } from './schema-arbitrary';
import { defOf } from './zod-def';

/** Built once: a 10 MB string per call would make the run about memory, not about main. */
const TEN_MB = 'A'.repeat(10 * 1024 * 1024);
const DEPTH = 20_000;

function nestedArrays(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}
function nestedObjects(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
const DEEP_ARRAYS = nestedArrays(DEPTH);
const DEEP_OBJECTS = nestedObjects(DEPTH);

/** Own `__proto__` / `constructor` keys, as JSON.parse and structured clone deliver them. */
const PROTO_KEYS = JSON.parse(
  '{"__proto__": {"polluted": true, "isAdmin": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": 1}',
) as Record<string, unknown>;

const PATHS = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '../outside',
  '..',
  '.',
  '/tmp/gatehouse-fuzz-escape',
  'C:\\Windows\\System32',
  'media/../../escape',
  '%2e%2e%2f%2e%2e%2fescape',
  'file:///etc/passwd',
  'con',
  'a\u0000b',
];

const UNICODE = [
  '\u202Eevil\u202C',
  '\uD800',
  '\uDFFF\uD800',
  'e\u0301\u0301\u0301',
  '\u0000\u0001\u001F',
  '\uFEFFbom',
  '👩‍👩‍👧‍👦'.repeat(50),
  'Z̸̢̧̛̤͓̟͇̮̥̏͒̋̒͌ä̵̧̤̫̺̦̤͖l̴̲̠̳̹̏̈́̚g̴͇͙̪̣̊̐͜o',
  '\r\n\t\v\f',
  '${process.exit()}',
  "'; DROP TABLE conversations; --",
  '<img src=x onerror=alert(1)>',
];

/** One hostile value to put where a field, or the whole input, should be. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    TEN_MB,
    DEEP_ARRAYS,
    DEEP_OBJECTS,
    PROTO_KEYS,
    null,
    undefined,
    NaN,
    Infinity,
    -Infinity,
    -0,
    Number.MAX_SAFE_INTEGER + 2,
    -1,
    1e308,
    '',
    ' ',
    true,
    [],
    {},
    ...PATHS,
    ...UNICODE,
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.anything({ maxDepth: 3, maxKeys: 4, withBigInt: false }),
);

type Step = string | number;

/** Every path to a value inside `value` (the root is `[]`), without walking a deep value twice. */
function pathsOf(value: unknown, at: Step[] = [], out: Step[][] = [], depth = 0): Step[][] {
  out.push(at);
  if (depth > 8 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out, depth + 1));
  else for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out, depth + 1);
  return out;
}

/** A copy of `root` and, inside the copy, the container holding the value at `path`. */
function cloneShallowPath(
  root: unknown,
  path: Step[],
): { copy: unknown; parent: Record<Step, unknown> | undefined } {
  const copy = structuredClone(root);
  let parent: Record<Step, unknown> | undefined;
  let node: unknown = copy;
  for (const step of path) {
    parent = node as Record<Step, unknown>;
    node = parent[step];
  }
  return { copy, parent };
}

/** `value` with the field at one of its paths replaced by `leaf`, or removed. */
export function mutate(value: unknown, pick: number, leaf: unknown, remove: boolean): unknown {
  const paths = pathsOf(value);
  const path = paths[pick % paths.length];
  if (path.length === 0) return leaf;
  const { copy, parent } = cloneShallowPath(value, path);
  const last = path[path.length - 1];
  if (parent) {
    if (remove && !Array.isArray(parent)) delete parent[last];
    else parent[last] = leaf;
  }
  return copy;
}

/** A value nested `depth` times along the schema's own recursion (chat versions), if it has one. */
export function deepAlongSchema(schema: z.ZodType, sample: unknown, depth: number): unknown | undefined {
  const route = recursionPath(schema);
  if (!route) return undefined;
  const { outer, inner } = route;
  // Find the recursive node inside the sample, then wrap it in itself `depth` times.
  let node: unknown = sample;
  for (const step of outer) node = (node as Record<Step, unknown> | undefined)?.[step];
  if (node === null || typeof node !== 'object') return undefined;
  let nested: unknown = { ...(node as object) };
  for (let i = 0; i < depth; i++) {
    const wrapper: Record<Step, unknown> = { ...(node as object) };
    let at: Record<Step, unknown> = wrapper;
    for (let s = 0; s < inner.length - 1; s++) {
      // The container's kind follows the step that indexes into it.
      const next = (typeof inner[s + 1] === 'number' ? [] : {}) as Record<Step, unknown>;
      at[inner[s]] = next;
      at = next;
    }
    at[inner[inner.length - 1]] = nested;
    nested = wrapper;
  }
  const { copy, parent } = cloneShallowPath(sample, outer);
  if (!parent) return nested;
  parent[outer[outer.length - 1]] = nested;
  return copy;
}

/**
 * Where a schema refers to itself: `outer` leads from the root to the first recursive object,
 * `inner` from it back to itself (array steps as 0).
 */
function recursionPath(root: z.ZodType): { outer: Step[]; inner: Step[] } | undefined {
  const seen = new Map<z.ZodType, Step[]>();
  const walk = (schema: z.ZodType, at: Step[]): { outer: Step[]; inner: Step[] } | undefined => {
    const def = defOf(schema);
    if (def.type === 'object') {
      const earlier = seen.get(schema);
      if (earlier) return { outer: earlier, inner: at.slice(earlier.length) };
      seen.set(schema, at);
      for (const key of Object.keys(def.shape ?? {})) {
        const found = walk(def.shape![key], [...at, key]);
        if (found) return found;
      }
      seen.delete(schema);
      return undefined;
    }
    if (def.type === 'array') return walk(def.element!, [...at, 0]);
    const next = def.innerType ?? def.in;
    return next ? walk(next, at) : undefined;
  };
  return walk(root, []);
}

/** Inputs for one route: well-shaped values, and those values broken in every way listed above. */
export function inputsFor(schema: z.ZodType, hints: FieldHints = {}): fc.Arbitrary<unknown> {
  const valid = arbitraryFor(schema, hints);
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.nat(), hostileLeaf, fc.boolean())
        .map(([v, pick, leaf, remove]) => mutate(v, pick, leaf, remove)),
    },
    { weight: 1, arbitrary: hostileLeaf },
    {
      weight: 1,
      arbitrary: valid.map((v) => deepAlongSchema(schema, v, DEPTH) ?? v),
    },
  );
}
