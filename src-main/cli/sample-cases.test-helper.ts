import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The project's sample question set, and its first 40 sample cases (every metric has something
 * to read, and a run is quick against the Sandbox) written into a fresh folder named by `prefix`.
 */
export function sampleCaseFiles(prefix: string) {
  const root = resolve(__dirname, '../..');
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const cases = join(dir, 'cases.jsonl');
  writeFileSync(
    cases,
    readFileSync(join(root, 'resources/samples/support-replies.cases.jsonl'), 'utf8')
      .split('\n')
      .slice(0, 40)
      .join('\n'),
  );
  return { root, dir, set: join(root, 'resources/samples/support-replies.question-set.json'), cases };
}
