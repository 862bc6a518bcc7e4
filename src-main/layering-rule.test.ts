import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering of docs/architecture.md is enforced by ESLint; this proves the rule fires for
 * each line that must not be crossed (and stays quiet for the imports that are allowed).
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function violations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layering rule', () => {
  it('keeps main-side code out of the window', async () => {
    const found = await violations(
      'src-renderer/features/chat/probe.ts',
      "import { ok } from '../../../src-main/core/result';\nexport const x = ok;\n",
    );
    expect(found.join()).toMatch(/never import main-side code/);
  });

  it('keeps the Sandbox from importing core', async () => {
    const found = await violations(
      'src-main/sandbox/routes/probe.ts',
      "import { RequestLog } from '../../core/gateway/request-log';\nexport const x = RequestLog;\n",
    );
    expect(found.join()).toMatch(/shares no code with the app/);
  });

  it('keeps Node, React and main out of the shared layer', async () => {
    const node = await violations(
      'src-shared/probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    );
    const react = await violations(
      'src-shared/probe.ts',
      "import { useState } from 'react';\nexport const x = useState;\n",
    );
    expect(node.join()).toMatch(/no Node/);
    expect(react.join()).toMatch(/no React/);
  });

  it('keeps Electron at the edge', async () => {
    const code = "import { app } from 'electron';\nexport const x = app;\n";
    expect(await violations('src-main/core/probe.ts', code)).toHaveLength(1);
    expect(await violations('src-main/ipc/probe.ts', code)).toHaveLength(1);
    expect(await violations('src-main/platform/probe.ts', code)).toHaveLength(0);
  });

  it('lets the window and main import the shared layer', async () => {
    const code = "import { ok } from '../../../src-shared/result';\nexport const x = ok;\n";
    expect(await violations('src-renderer/features/chat/probe.ts', code)).toHaveLength(0);
    expect(await violations('src-main/core/chat/probe.ts', code)).toHaveLength(0);
  });
});
