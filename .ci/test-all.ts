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
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${sum.passed} passed, ${sum.failed + unreported} failed, ${sum.skipped} skipped`);
process.exit(failedSteps.length === 0 && sum.failed === 0 && sum.passed > 0 ? 0 : 1);
