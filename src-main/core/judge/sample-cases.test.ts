import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../db/open-database';
import { createRepositories } from '../db/repositories';
import { StorageNotices } from '../storage/storage-notices';
import { JudgeCaseService } from './judge-case-service';
import { readEnvelope } from './set-transfer';

const samples = join(import.meta.dirname, '../../../resources/samples');
const setText = readFileSync(join(samples, 'support-replies.question-set.json'), 'utf8');
const casesText = readFileSync(join(samples, 'support-replies.cases.jsonl'), 'utf8');

describe('the support replies sample', () => {
  it('is a set the set import accepts, mixing choice, score and noul questions', () => {
    const { set: draft } = readEnvelope(setText);
    expect(draft.questions.map((q) => `${q.name}:${q.type}`)).toEqual([
      'resolves:choice',
      'tone:choice',
      'helpfulness:score',
      'offers_refund:noul',
      'asks_for_details:noul',
    ]);
  });

  it('imports its 300 cases with zero problems, every answer mapped', async () => {
    const { set: draft } = readEnvelope(setText);
    const repos = createRepositories({ db: openMemoryDatabase(), notices: new StorageNotices() });
    repos.sets.put({
      id: 'sample',
      name: draft.name,
      createdAt: 1,
      updatedAt: 1,
      revisions: [{ revision: 1, savedAt: 1, questions: draft.questions }],
    });
    const service = new JudgeCaseService({
      cases: repos.cases,
      sets: repos.sets,
      desktop: { saveFileAs: async () => null, saveTextAs: async () => null, notify: () => undefined },
    });
    const preview = await service.importPreview({ setId: 'sample', text: casesText });
    expect(preview.problems).toEqual([]);
    expect(preview.format).toBe('jsonl');
    expect(preview.mapping?.expected.map((e) => e.question)).toEqual(draft.questions.map((q) => q.name));
    expect(preview).toMatchObject({ rowCount: 300, validCount: 300, problemCount: 0 });
    const result = await service.importConfirm({
      setId: 'sample',
      text: casesText,
      mapping: preview.mapping!,
    });
    expect(result).toMatchObject({ added: 300, skippedCount: 0 });
    const all = service.list('sample', 0, 500);
    // Every case carries all five answers.
    expect(all.every((c) => Object.keys(c.expected).length === 5)).toBe(true);
    expect(all.some((c) => typeof c.state === 'string') && all.some((c) => typeof c.state === 'object')).toBe(
      true,
    );
  });

  it('is what its script writes: the script is deterministic and the files are current', () => {
    const out = mkdtempSync(join(tmpdir(), 'gatehouse-samples-'));
    try {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(samples, 'generate-support-samples.ts'), out],
        { encoding: 'utf8' },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(readFileSync(join(out, 'support-replies.question-set.json'), 'utf8')).toBe(setText);
      expect(readFileSync(join(out, 'support-replies.cases.jsonl'), 'utf8')).toBe(casesText);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
