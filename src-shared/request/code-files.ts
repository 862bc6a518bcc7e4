/**
 * Files a request sends inside its JSON (an image attached to a chat question goes as a data URL):
 * "View code" reads each from disk rather than pasting megabytes of base64 into the code. The body
 * holds a marker string where the data URL goes; each language puts its own expression there
 * (docs/architecture.md, "View code").
 */
import { shellQuote } from './gateway-address';

/** A file the code reads: its name as attached (looked for next to the code) and its type. */
export interface CodeFile {
  name: string;
  mime: string;
}

/** The string that stands for file `i`'s data URL in a body. */
export const fileMarker = (i: number) => `__gatehouse_file_${i}__`;

const MARKER = /"__gatehouse_file_(\d+)__"/g;

/** Puts `expression(file)` where each quoted marker stands in code written from the body. */
export function replaceMarkers(
  code: string,
  files: readonly CodeFile[],
  expression: (f: CodeFile) => string,
): string {
  return code.replace(MARKER, (whole, i: string) => {
    const file = files[Number(i)];
    return file ? expression(file) : whole;
  });
}

export const hasMarkers = (code: string) => new RegExp(MARKER.source).test(code);

/** Lines a language needs to read files: its imports, and the helper the expressions call. */
interface FileHelper {
  imports: string[];
  helper: string[];
  /** The line the imports go above (the SDK's import), and the one the helper goes above (the client). */
  importsBefore: RegExp;
  helperBefore: RegExp;
}

const PYTHON_FILE_HELPER: FileHelper = {
  imports: ['import base64', 'from pathlib import Path'],
  helper: [
    '',
    'def data_url(path, mime):',
    '    """An attached file as the data URL the app sent, read from disk."""',
    '    return f"data:{mime};base64,{base64.b64encode(Path(path).read_bytes()).decode()}"',
    '',
    '',
  ],
  importsBefore: /^from openai import /,
  helperBefore: /^client = OpenAI\(/,
};

const NODE_FILE_HELPER: FileHelper = {
  imports: ["import { readFileSync } from 'node:fs';"],
  helper: [
    '// An attached file as the data URL the app sent, read from disk.',
    'const dataUrl = (path, mime) => `data:${mime};base64,${readFileSync(path).toString("base64")}`;',
    '',
  ],
  importsBefore: /^import OpenAI from /,
  helperBefore: /^const client = new OpenAI\(/,
};

/** Lines put above the first line matching `before`, or on top when none does. */
function insertAbove(lines: string[], before: RegExp, added: string[]): string[] {
  const at = Math.max(
    0,
    lines.findIndex((l) => before.test(l)),
  );
  return [...lines.slice(0, at), ...added, ...lines.slice(at)];
}

/** Python or Node code from a body with file markers: each file read from disk by a small helper. */
export function withFileReading(
  code: string,
  files: readonly CodeFile[],
  language: 'python' | 'node',
): string {
  const h = language === 'python' ? PYTHON_FILE_HELPER : NODE_FILE_HELPER;
  const expression = language === 'python' ? pythonFileExpression : nodeFileExpression;
  const lines = insertAbove(replaceMarkers(code, files, expression).split('\n'), h.helperBefore, h.helper);
  return insertAbove(lines, h.importsBefore, h.imports).join('\n');
}

const pythonFileExpression = (f: CodeFile) =>
  `data_url(${JSON.stringify(f.name)}, ${JSON.stringify(f.mime)})`;
const nodeFileExpression = (f: CodeFile) => `dataUrl(${JSON.stringify(f.name)}, ${JSON.stringify(f.mime)})`;

/**
 * A JSON body with files, written to `body.json` by the shell: the JSON around each file as
 * quoted text, each file base64-encoded in place. One argument can hold only 128 KiB on Linux,
 * so an image never goes on curl's command line; curl sends the file with `-d @body.json`.
 */
export function shellBodyFile(json: string, files: readonly CodeFile[]): string[] {
  const steps: string[] = [];
  let from = 0;
  for (const m of json.matchAll(MARKER)) {
    const file = files[Number(m[1])];
    if (!file) continue;
    steps.push(`  printf '%s' ${shellQuote(json.slice(from, m.index))}`);
    steps.push(`  printf '%s' ${shellQuote(`"data:${file.mime};base64,`)}`);
    steps.push(`  base64 < ${shellQuote(file.name)} | tr -d '\\n'`);
    steps.push(`  printf '"'`);
    from = m.index + m[0].length;
  }
  steps.push(`  printf '%s' ${shellQuote(json.slice(from))}`);
  return [
    '# The body, with each attached file read from disk and base64-encoded in place.',
    '{',
    ...steps,
    '} > body.json',
  ];
}
