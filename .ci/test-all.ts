import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

/**
 * `npm test`: lint (ESLint, Prettier, Electronegativity gate), typecheck, unit tests (Vitest),
 * on CI the launch test (`npm install && npm start` in a clean clone, Vitest) and end-to-end tests
 * (Playwright), then one plain totals line computed from the runners' JSON reports, which is what
 * CI reads.
 */
const flag = (value: string | undefined) =>
  value !== undefined && value !== '' && value !== '0' && value !== 'false';
// The launch test takes about a minute (an npm install): CI runs it, a developer asks for it.
const runLaunch = flag(process.env.CI) || flag(process.env.GATEHOUSE_LAUNCH_TEST);
const steps: { name: string; cmd: string[] }[] = [
  { name: 'lint', cmd: ['npm', 'run', 'lint'] },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'unit', cmd: ['npx', 'vitest', 'run'] },
  ...(runLaunch ? [{ name: 'launch', cmd: ['npm', 'run', 'test:launch'] }] : []),
  { name: 'e2e', cmd: ['npx', 'tsx', 'e2e/run-e2e.ts'] },
];

rmSync('.reports', { recursive: true, force: true });
const failedSteps: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const status = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit' }).status;
  if (status !== 0) failedSteps.push(step.name);
}

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestTotals(report: string): Totals | undefined {
  if (!existsSync(report)) return undefined;
  const r = JSON.parse(readFileSync(report, 'utf8'));
  return {
    passed: r.numPassedTests ?? 0,
    failed:
      (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0),
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

function playwrightTotals(): Totals | undefined {
  if (!existsSync('.reports/playwright.json')) return undefined;
  const s = JSON.parse(readFileSync('.reports/playwright.json', 'utf8')).stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}

/** The full names of a Vitest report's failed tests (and of suites that failed to load). */
function vitestFailures(report: string): string[] {
  if (!existsSync(report)) return [];
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const names: string[] = [];
  for (const file of r.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((a: { status: string }) => a.status === 'failed');
    for (const a of failed) names.push(`${file.name}: ${a.fullName}`);
    if (file.status === 'failed' && failed.length === 0)
      names.push(`${file.name}: ${file.message ?? 'failed'}`);
  }
  return names;
}

interface PwSuite {
  title: string;
  file?: string;
  specs?: { title: string; line?: number; tests?: { status: string }[] }[];
  suites?: PwSuite[];
}

/** The Playwright report's specs whose outcome was `outcome`, as file:line › title. */
function playwrightSpecs(outcome: 'unexpected' | 'flaky'): string[] {
  if (!existsSync('.reports/playwright.json')) return [];
  const walk = (s: PwSuite, file: string): string[] => [
    ...(s.specs ?? [])
      .filter((t) => t.tests?.some((x) => x.status === outcome))
      .map((t) => `${file}:${t.line ?? '?'} › ${t.title}`),
    ...(s.suites ?? []).flatMap((c) => walk(c, c.file ?? file)),
  ];
  const r = JSON.parse(readFileSync('.reports/playwright.json', 'utf8'));
  return (r.suites ?? []).flatMap((s: PwSuite) => walk(s, s.file ?? s.title));
}

const reports: Record<string, Totals | undefined> = {
  unit: vitestTotals('.reports/vitest.json'),
  launch: runLaunch ? vitestTotals('.reports/launch.json') : undefined,
  e2e: playwrightTotals(),
};
const parts = Object.values(reports);
const sum = parts.reduce<Totals>(
  (acc, p) => ({
    passed: acc.passed + (p?.passed ?? 0),
    failed: acc.failed + (p?.failed ?? 0),
    skipped: acc.skipped + (p?.skipped ?? 0),
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
// A step that failed without test results (lint, typecheck, a crashed runner) still counts as a failure.
const unreported = failedSteps.filter((s) => !reports[s]).length;
const launch = runLaunch
  ? JSON.stringify(reports.launch ?? 'no report')
  : 'not run (GATEHOUSE_LAUNCH_TEST=1 runs it)';
console.log(
  `\nUnit: ${JSON.stringify(reports.unit ?? 'no report')}  Launch: ${launch}  E2E: ${JSON.stringify(reports.e2e ?? 'no report')}`,
);
// The names last, so the tail of a CI log says which tests failed, not only how many.
const failures = [
  ...vitestFailures('.reports/vitest.json'),
  ...(runLaunch ? vitestFailures('.reports/launch.json') : []),
  ...playwrightSpecs('unexpected'),
];
const list = (items: string[]) => items.map((f) => `  - ${f}`).join('\n');
const flaky = playwrightSpecs('flaky');
if (flaky.length) console.log(`\nFlaky (failed, then passed on the retry):\n${list(flaky)}`);
if (failures.length) console.log(`\nFailed tests:\n${list(failures)}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${sum.passed} passed, ${sum.failed + unreported} failed, ${sum.skipped} skipped`);
process.exit(failedSteps.length === 0 && sum.failed === 0 && sum.passed > 0 ? 0 : 1);
