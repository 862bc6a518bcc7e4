/**
 * JSON with every object's keys sorted (by UTF-16 code unit, as Array.prototype.sort does) and
 * no whitespace: the same value gives the same text however its objects were built, so its hash
 * can key a cache (the eval's request cache, docs/architecture.md "Evals").
 * Values JSON cannot hold exactly are refused rather than silently changed.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value, out, 0);
  return out.join('');
}

const MAX_DEPTH = 200;

function write(value: unknown, out: string[], depth: number): void {
  if (depth > MAX_DEPTH) throw new Error(`canonicalJson: nested deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    out.push(JSON.stringify(value));
    return;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`canonicalJson: ${value} is not a JSON number`);
    out.push(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, i) => {
      if (i > 0) out.push(',');
      // As JSON.stringify writes a hole or an undefined item.
      if (item === undefined) out.push('null');
      else write(item, out, depth + 1);
    });
    out.push(']');
    return;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null)
      throw new Error('canonicalJson: only plain objects, arrays and JSON values');
    out.push('{');
    let first = true;
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue; // as JSON.stringify leaves the key out
      if (!first) out.push(',');
      first = false;
      out.push(JSON.stringify(key), ':');
      write(item, out, depth + 1);
    }
    out.push('}');
    return;
  }
  if (value === undefined) throw new Error('canonicalJson: undefined is not JSON');
  throw new Error(`canonicalJson: a ${typeof value} is not JSON`);
}
