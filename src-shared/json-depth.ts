/**
 * How deep JSON may nest where Gatehouse reads it: a gateway's JSON reply, a case's JSON state.
 * Parsing is not the risk (V8 parses any depth); walking is: JSON.stringify, zod, String() and
 * the app's own readers recurse, and a few hundred thousand levels (a few hundred KB of `[`)
 * overflow the stack with "Maximum call stack size exceeded", a message that says nothing.
 * Real replies and states stay far below this. See docs/architecture.md, "Security in one place".
 */
export const MAX_JSON_DEPTH = 100;

/**
 * Whether `value` nests arrays and objects deeper than `max` levels (`{}` is one level,
 * `{"a":[]}` two). Walked with a list, not by recursion, so it cannot overflow itself.
 */
export function nestedDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const pending: [object, number][] = [];
  if (value !== null && typeof value === 'object') pending.push([value, 1]);
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (depth > max) return true;
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (const child of children)
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return false;
}

/** The words for it, after the thing named ("The reply is JSON …", "state: is …"). */
export const TOO_DEEP = `nested deeper than ${MAX_JSON_DEPTH} levels`;
