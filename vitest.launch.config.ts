import { defineConfig } from 'vitest/config';

// The launch test (`npm run test:launch`): an `npm install` and `npm start` in a clean clone, so
// minutes rather than seconds, and kept out of `vitest run`. `.ci/test-all.ts` reads its report.
export default defineConfig({
  test: {
    include: ['e2e/launch/**/*.launch.test.ts'],
    environment: 'node',
    testTimeout: 10 * 60_000,
    hookTimeout: 2 * 60_000,
    reporters: ['default', ['json', { outputFile: '.reports/launch.json' }]],
  },
});
