import { defineConfig } from '@playwright/test';

/**
 * Specs run in browser mode against Debian's Chromium (no browser is downloaded), or through
 * Electron when its binary is present (GATEHOUSE_E2E_MODE=electron, set by e2e/run-e2e.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  // On CI one more try, so a fresh machine's timing cannot sink a run; a spec that needed it is
  // reported as flaky, by name, in npm test's summary (.ci/test-all.ts).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '../.reports/playwright.json' }]],
  use: {
    // The app fixture starts Chromium itself in browser mode (e2e/fixtures/app-fixture.ts), and
    // no browser at all in Electron mode.
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
