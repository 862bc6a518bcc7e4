import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEvalFile, serializeEvalFile } from '../../src-shared/evals/eval-file';
import { SANDBOX_PROFILE_ID } from '../../src-shared/profiles/profile';

const samples = join(import.meta.dirname, '../../resources/samples');

/** The sample eval (resources/samples/README.md, "The sample eval's file") reads as the app reads an eval file. */
const text = readFileSync(join(samples, 'support-replies.eval.json'), 'utf8');
const rows = readFileSync(join(samples, 'support-eval-rows.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, string>);
const readme = readFileSync(join(samples, 'README.md'), 'utf8');
const quoted = (label: string) =>
  new RegExp(`${label}:\\n\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\``).exec(readme)?.[1];

describe('support-replies.eval.json', () => {
  const parsed = parseEvalFile(text);
  if (!parsed.ok) throw new Error(parsed.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  const spec = parsed.spec;

  it('parses, and writes back to the same text', () => {
    expect(serializeEvalFile(spec)).toBe(text);
  });

  it('names the columns of its rows file, which sits beside it, and every row has them all', () => {
    expect(spec.dataset.source).toEqual({ kind: 'file', path: 'support-eval-rows.jsonl' });
    expect(spec.dataset.expectedColumn).toBeUndefined();
    for (const row of rows) expect(Object.keys(row).sort()).toEqual([...spec.dataset.columns].sort());
  });

  it('holds the README’s two prompts, on the Sandbox profile a fresh install has', () => {
    expect(spec.variants.map((v) => [v.system, v.user])).toEqual([
      [quoted('Variant A, system'), quoted('Both variants, user')],
      [quoted('Variant B, system'), quoted('Both variants, user')],
    ]);
    expect(spec.targets.map((t) => [t.profileId, t.model])).toEqual([
      [SANDBOX_PROFILE_ID, 'sandbox-chat-1'],
      [SANDBOX_PROFILE_ID, 'sandbox-chat-mini'],
    ]);
    expect(spec.grader?.set).toEqual({ kind: 'file', path: 'support-replies.question-set.json' });
    expect(spec.minimums.length).toBeGreaterThan(0);
  });
});
