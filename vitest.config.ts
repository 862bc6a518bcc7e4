import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Node code (main, ipc, sandbox) runs in plain Node; components run in jsdom.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src-main/**/*.test.ts', 'src-preload/**/*.test.ts', 'src-shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src-renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src-renderer/test/setup.ts'],
        },
      },
    ],
    testTimeout: 15000,
    reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
  },
});
