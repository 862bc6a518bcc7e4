/**
 * `gatehouse eval run --junit FILE` (docs/architecture.md, "Evals"): the run as
 * JUnit XML, which CI systems show as tests. One testsuite per column (variant × target), one
 * testcase per minimum in force on it (a failure carries the gate's sentence), and each errored
 * cell as a testcase with an error (the gateway's message). Every name and message is escaped:
 * they come from the eval file and the gateway.
 */
export interface JunitMinimum {
  /** e.g. `pass-rate of checks ≥ 0.9 (point)`. */
  name: string;
  failed: boolean;
  /** The gate's sentence, said as the table says it. */
  sentence: string;
}

export interface JunitErroredCell {
  /** The cell's id (`row.variant.target.sample`), rows from 1. */
  name: string;
  message: string;
}

export interface JunitColumn {
  /** e.g. `A × one (sandbox-chat-1)`. */
  name: string;
  minimums: JunitMinimum[];
  errors: JunitErroredCell[];
  /** Seconds the column's cells took, summed (latency), or 0. */
  seconds: number;
}

/** XML 1.0 cannot hold most control characters at all, even escaped: they are dropped. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const attr = (name: string, value: string | number) => ` ${name}="${xmlEscape(String(value))}"`;

/** Past this many, the rest of a column's errored cells are counted in one testcase. */
export const JUNIT_ERRORS_LISTED = 100;

export function junitXml(evalName: string, columns: readonly JunitColumn[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const count = (f: (c: JunitColumn) => number) => columns.reduce((n, c) => n + f(c), 0);
  const listed = (c: JunitColumn) =>
    Math.min(c.errors.length, JUNIT_ERRORS_LISTED) + (c.errors.length > JUNIT_ERRORS_LISTED ? 1 : 0);
  lines.push(
    `<testsuites${attr('name', evalName)}${attr(
      'tests',
      count((c) => c.minimums.length + listed(c)),
    )}${attr(
      'failures',
      count((c) => c.minimums.filter((m) => m.failed).length),
    )}${attr('errors', count(listed))}>`,
  );
  for (const c of columns) {
    const failures = c.minimums.filter((m) => m.failed).length;
    lines.push(
      `  <testsuite${attr('name', c.name)}${attr('tests', c.minimums.length + listed(c))}${attr('failures', failures)}${attr(
        'errors',
        listed(c),
      )}${attr('time', c.seconds.toFixed(3))}>`,
    );
    for (const m of c.minimums) {
      const open = `    <testcase${attr('classname', c.name)}${attr('name', m.name)}`;
      if (m.failed)
        lines.push(
          `${open}>`,
          `      <failure${attr('message', m.sentence)}>${xmlEscape(m.sentence)}</failure>`,
          '    </testcase>',
        );
      else lines.push(`${open}/>`);
    }
    for (const e of c.errors.slice(0, JUNIT_ERRORS_LISTED))
      lines.push(
        `    <testcase${attr('classname', c.name)}${attr('name', `cell ${e.name}`)}>`,
        `      <error${attr('message', e.message)}>${xmlEscape(e.message)}</error>`,
        '    </testcase>',
      );
    if (c.errors.length > JUNIT_ERRORS_LISTED) {
      const more = `${c.errors.length - JUNIT_ERRORS_LISTED} more cells errored`;
      lines.push(
        `    <testcase${attr('classname', c.name)}${attr('name', 'more errored cells')}>`,
        `      <error${attr('message', more)}>${xmlEscape(more)}</error>`,
        '    </testcase>',
      );
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
