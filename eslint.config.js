import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layering of docs/architecture.md ("Layers"), one rule per folder: what each tree may
 * import. A new import across a line fails `npm run lint`, and so `npm test`.
 */
const electron = [
  {
    group: ['electron', 'electron/*', 'electron-store'],
    message:
      'Electron stays at the edge: only src-main/index.ts, src-main/platform/** and src-preload/index.ts.',
  },
];
const mainCode = {
  regex: '(^|/)src-main(/|$)',
  message:
    'The window and the shared layer never import main-side code: put what both sides need in src-shared.',
};
const layers = {
  // Electron-free main-side code: core, ipc, sandbox, web, bench.
  main: electron,
  sandbox: [
    ...electron,
    {
      regex: '^(\\.\\./)+(core|ipc|web|platform)(/|$)',
      message:
        'The Sandbox stands in for a foreign gateway: it shares no code with the app (core, ipc, web).',
    },
  ],
  renderer: [...electron, mainCode, { regex: '^node:', message: 'The window has no Node.' }],
  shared: [
    ...electron,
    mainCode,
    { regex: '(^|/)src-renderer(/|$)', message: 'The shared layer does not import the window.' },
    { regex: '^(node:|react)', message: 'The shared layer is plain TypeScript: no Node, no DOM, no React.' },
  ],
};
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      '.reports/**',
      'playwright-report/**',
      '.tooling/**',
      '.tsbuild/**',
      'dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['src-main/**/*.ts'], rules: restrict(layers.main) },
  { files: ['src-main/sandbox/**/*.ts'], rules: restrict(layers.sandbox) },
  { files: ['src-renderer/**/*.{ts,tsx}'], rules: restrict(layers.renderer) },
  { files: ['src-shared/**/*.ts'], ignores: ['src-shared/**/*.test.ts'], rules: restrict(layers.shared) },
  {
    // The edge: the only files that may import Electron (design of the composition root).
    files: ['src-main/index.ts', 'src-main/platform/**/*.ts', 'src-preload/index.ts'],
    rules: restrict([]),
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
