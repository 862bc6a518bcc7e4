/**
 * A question set with its tuned thresholds as code a developer can ship: one call of the judge
 * endpoint with a pinned model, then every noul answer read as true or false at its threshold
 * (docs/architecture.md, "Judge thresholds"). TypeScript uses `fetch`, Python `requests`, curl
 * the call with a `jq` filter for the verdicts. The call is the one the app makes for the
 * profile: its judgement address and query, its auth scheme and extra headers (code-connection.ts).
 * The key and secret header values are read from the environment, never written into the code.
 */
import { judgeRequestBody } from '../judge/judge-request';
import type { Question } from '../judge/question-rules';
import { type SetTuning, thresholdFor } from '../judge/set-tuning';
import type { StateValue } from '../judge/state-input';
import {
  type CodeConnection,
  envComment,
  envVariables,
  type SentHeader,
  sentHeaders,
} from './code-connection';
import { endpointUrl } from './code-request';
import { shellQuote } from './gateway-address';
import { pythonLiteral } from './python-literal';
import { curlHeader } from './view-code-curl';

export type SetCodeLanguage = 'typescript' | 'python' | 'curl';
export const SET_CODE_LANGUAGES: readonly SetCodeLanguage[] = ['typescript', 'python', 'curl'];
/** A pinned version answers the same way tomorrow; an alias (judge-latest) may not. */
export const DEFAULT_PINNED_MODEL = 'judge-1.13.0';
export const PLACEHOLDER_STATE = 'Replace this with the text to judge.';

export interface SetCodeInput extends CodeConnection {
  setName: string;
  questions: Question[];
  tuning: SetTuning | undefined;
  model: string;
  /** The profile's host as typed, and its judge path segment. */
  host: string;
  judgeSegment: string;
  /** The profile's base URL as it calls it; absent: `{host}/v1`. */
  baseUrl?: string;
  /** The profile's judgement endpoint, when it has its own; else derived from the base URL and segment. */
  judgeUrl?: string;
  /** Default: PLACEHOLDER_STATE. */
  state?: StateValue;
}

/** Every noul question with the threshold its answers are read at (0.5 when none was tuned). */
export function thresholdsOf(
  questions: readonly Question[],
  tuning: SetTuning | undefined,
): Record<string, number> {
  return Object.fromEntries(
    questions.filter((q) => q.type === 'noul').map((q) => [q.name, thresholdFor(tuning, q.name)]),
  );
}

/** A jq filter that turns the judge's reply into `{ name: true|false }` for the noul questions. */
export function jqVerdicts(thresholds: Record<string, number>): string {
  const fields = Object.entries(thresholds).map(
    // A missing or non-numeric answer reads as null, not as a verdict (jq orders objects above numbers).
    ([name, t]) =>
      `${JSON.stringify(name)}: (.answers[${JSON.stringify(name)}] | (.noul? // .) | if type == "number" then . >= ${t} else null end)`,
  );
  return `{${fields.join(', ')}}`;
}

/** The judgement address with the profile's query, as main calls it. */
const urlOf = (input: SetCodeInput) => endpointUrl({ ...input, kind: 'judge' });

/** A header's value in TypeScript: a secret one (or the key) through `need`, which stops when it is unset. */
function tsValue(h: SentHeader): string {
  if ('text' in h) return JSON.stringify(h.text);
  return h.prefix ? `\`${h.prefix}\${need('${h.env}')}\`` : `need('${h.env}')`;
}

function pyValue(h: SentHeader): string {
  if ('text' in h) return pythonLiteral(h.text);
  return h.prefix ? `f"${h.prefix}{need('${h.env}')}"` : `need(${JSON.stringify(h.env)})`;
}

const bodyOf = (input: SetCodeInput) =>
  judgeRequestBody({
    model: input.model,
    state: input.state ?? PLACEHOLDER_STATE,
    questions: input.questions,
  });

function typescriptCode(input: SetCodeInput): string {
  const thresholds = thresholdsOf(input.questions, input.tuning);
  const headers = sentHeaders(input);
  const entries = [
    ...headers.map((h) => `${JSON.stringify(h.name)}: ${tsValue(h)}`),
    '"Content-Type": "application/json"',
  ];
  return [
    `// The question set “${input.setName}” on ${input.model}, each yes/no answer read at its tuned threshold.`,
    `// Save as judge.mts; run with Node 23.6+ as node judge.mts (22.6+: node --experimental-strip-types judge.mts).`,
    ...envComment(headers, '//'),
    `const url = ${JSON.stringify(urlOf(input))};`,
    ...(envVariables(headers).length
      ? [
          'function need(name: string): string {',
          '  const value = process.env[name];',
          '  if (!value) throw new Error(`Set ${name} in the environment first.`);',
          '  return value;',
          '}',
          '',
        ]
      : []),
    `const headers: Record<string, string> = {\n${entries.map((e) => `  ${e},`).join('\n')}\n};`,
    '',
    '/** Tuned in Gatehouse: a noul answer at or above its threshold counts as true. */',
    `const thresholds: Record<string, number> = ${JSON.stringify(thresholds)};`,
    '',
    `const body = ${JSON.stringify(bodyOf(input), null, 2)};`,
    '',
    'const reply = await fetch(url, {',
    "  method: 'POST',",
    '  headers,',
    '  body: JSON.stringify(body),',
    '});',
    'if (!reply.ok) throw new Error(`HTTP ${reply.status}: ${await reply.text()}`);',
    'type Answer = { noul?: number; choice?: string; score?: number } | number;',
    'const result = (await reply.json()) as { model?: string; answers: Record<string, Answer> };',
    "console.log(`answered by ${result.model ?? 'an unnamed model'}`);",
    'for (const [name, answer] of Object.entries(result.answers)) {',
    '  const threshold = thresholds[name];',
    '  if (threshold === undefined) {',
    "    const value = typeof answer === 'number' ? answer : (answer.choice ?? answer.score);",
    '    console.log(`${name}: ${value}`);',
    '    continue;',
    '  }',
    "  const value = typeof answer === 'number' ? answer : answer.noul;",
    "  if (typeof value !== 'number') {",
    '    console.log(`${name}: no value`);',
    '    continue;',
    '  }',
    '  console.log(`${name}: ${value >= threshold} (value ${value}, threshold ${threshold})`);',
    '}',
  ].join('\n');
}

function pythonCode(input: SetCodeInput): string {
  const thresholds = thresholdsOf(input.questions, input.tuning);
  const headers = sentHeaders(input);
  return [
    `# The question set “${input.setName}” on ${input.model}, each yes/no answer read at its tuned threshold.`,
    ...envComment(headers, '#'),
    ...(envVariables(headers).length ? ['import os', ''] : []),
    'import requests',
    '',
    `URL = ${JSON.stringify(urlOf(input))}`,
    ...(envVariables(headers).length
      ? [
          '',
          '',
          'def need(name):',
          '    value = os.environ.get(name)',
          '    if not value:',
          '        raise SystemExit(f"Set {name} in the environment first.")',
          '    return value',
          '',
          '',
        ]
      : []),
    headers.length
      ? `HEADERS = {\n${headers.map((h) => `    ${JSON.stringify(h.name)}: ${pyValue(h)},`).join('\n')}\n}`
      : 'HEADERS = {}',
    '',
    '# Tuned in Gatehouse: a noul answer at or above its threshold counts as true.',
    `THRESHOLDS = ${pythonLiteral(thresholds)}`,
    '',
    `body = ${pythonLiteral(bodyOf(input))}`,
    'reply = requests.post(',
    '    URL,',
    '    json=body,',
    '    headers=HEADERS,',
    '    timeout=120,',
    ')',
    'reply.raise_for_status()',
    'result = reply.json()',
    "print(f\"answered by {result.get('model', 'an unnamed model')}\")",
    'for name, answer in result["answers"].items():',
    '    threshold = THRESHOLDS.get(name)',
    '    if threshold is None:',
    '        value = answer if not isinstance(answer, dict) else answer.get("choice", answer.get("score"))',
    '        print(f"{name}: {value}")',
    '        continue',
    '    value = answer.get("noul") if isinstance(answer, dict) else answer',
    '    if not isinstance(value, (int, float)):',
    '        print(f"{name}: no value")',
    '        continue',
    '    verdict = "true" if value >= threshold else "false"',
    '    print(f"{name}: {verdict} (value {value}, threshold {threshold})")',
  ].join('\n');
}

function curlCode(input: SetCodeInput): string {
  const thresholds = thresholdsOf(input.questions, input.tuning);
  const headers = sentHeaders(input);
  const width = Math.max(0, ...Object.keys(thresholds).map((n) => n.length));
  const listed = Object.entries(thresholds).map(([n, t]) => `#   ${n.padEnd(width)}  ${t}`);
  return [
    `# The question set “${input.setName}” on ${input.model}.`,
    ...(listed.length
      ? [
          '# Thresholds tuned in Gatehouse: a noul answer at or above its threshold counts as true.',
          ...listed,
          '# For the verdicts, pipe the reply into jq:',
          `#   | jq ${shellQuote(jqVerdicts(thresholds))}`,
        ]
      : ['# The set has no noul questions: each answer is a choice or a score.']),
    ...envComment(headers, '#'),
    [
      `curl -sS ${shellQuote(urlOf(input))}`,
      ...headers.map((h) => `  ${curlHeader(h)}`),
      `  -H 'Content-Type: application/json'`,
      `  -d ${shellQuote(JSON.stringify(bodyOf(input), null, 2))}`,
    ].join(' \\\n'),
  ].join('\n');
}

/**
 * The set's name goes into a comment line of the code: a line break in it (a set file can carry
 * one) would end the comment and make the rest of the name code, so it is kept to one line.
 */
const oneLine = (text: string) =>
  [...text]
    .map((c) => (/[\p{Cc}\u2028\u2029]/u.test(c) ? ' ' : c))
    .join('')
    .replace(/ {2,}/g, ' ');

export function setCode(input: SetCodeInput, language: SetCodeLanguage): string {
  const safe = { ...input, setName: oneLine(input.setName) };
  if (language === 'typescript') return typescriptCode(safe);
  return language === 'python' ? pythonCode(safe) : curlCode(safe);
}
