type Body = Record<string, unknown>;

/** JSON is not Python: true/false/null differ. A value written as a Python literal. */
export function pythonLiteral(value: unknown, indent = 0): string {
  const inline = pythonInline(value);
  return inline.length <= 60 ? inline : pythonBlock(value, indent);
}

function pythonInline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonInline).join(', ')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value as Body)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonInline(v)}`)
      .join(', ')}}`;
  return pythonBlock(value, 0);
}

function pythonBlock(value: unknown, indent: number): string {
  const pad = '    '.repeat(indent + 1);
  const end = '    '.repeat(indent);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => pad + pythonLiteral(v, indent + 1)).join(',\n')},\n${end}]`;
  }
  const entries = Object.entries(value as Body).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, indent + 1)}`).join(',\n')},\n${end}}`;
}
