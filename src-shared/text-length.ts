/**
 * The characters of every string in a value (object keys included), counted without recursion,
 * so a deeply nested hostile value cannot overflow the stack. Used to cap a whole input's size.
 */
export function textLength(value: unknown): number {
  let total = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') total += next.length;
    else if (Array.isArray(next)) for (const item of next) pending.push(item);
    else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        total += key.length;
        pending.push(inner);
      }
    }
  }
  return total;
}
