import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronImport = {
  patterns: [{ group: ['electron/*'], message: 'Electron stays at the edge (design §2).' }],
  paths: [
    {
      name: 'electron',
      message:
        'Electron stays at the edge: only src-main/index.ts, src-main/platform/** and src-preload/index.ts (design §2).',
    },
    {
      name: 'electron-store',
      message: 'electron-store loads Electron: use it from src-main/platform/** only (design §2).',
    },
  ],
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', '.reports/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-imports': ['error', electronImport],
    },
  },
  {
    files: ['src-main/index.ts', 'src-main/platform/**/*.ts', 'src-preload/index.ts', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The window reaches main's code for types only, so zod and Node stay out of its bundle.
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-renderer/**/*.test.{ts,tsx}', 'src-renderer/test/**'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-restricted-imports': [
        'error',
        {
          ...electronImport,
          patterns: [
            ...electronImport.patterns,
            {
              // Pure, dependency-free modules the window shares with main are the only exception.
              regex:
                '^(\\.\\./)+src-main/(?!core/judge/(question-rules|state-input|judge-estimate)$|core/video/video-request$)',
              allowTypeImports: true,
              message: 'The renderer may import main-side modules as types only (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
