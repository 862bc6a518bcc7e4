import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppProcess } from '../bench/window/app-process';
import { uploadText } from '../core/judge/cases/upload-text';
import type { BatchGridCase, BatchGridPage } from '../../src-shared/judge/batch-grid';
import type { BatchRunView } from '../../src-shared/judge/batch-run';
import type { CaseImportPreview } from '../../src-shared/judge/judge-case-import';
import type { ImportOutcome } from '../../src-shared/judge/judge-inputs';

export const SAMPLE_SET_NAME = 'Support reply review';

/**
 * The sample question set and its 300 labelled cases (resources/samples), judged on the Sandbox
 * by the pinned version and by the preview, so the workbench's views have something to show.
 */
export async function seedJudgeSample(app: AppProcess, projectRoot: string): Promise<void> {
  const samples = join(projectRoot, 'resources/samples');
  const imported = await app.invoke<ImportOutcome>('judge.sets.import', {
    text: readFileSync(join(samples, 'support-replies.question-set.json'), 'utf8'),
  });
  if (imported.status !== 'imported') throw new Error('the sample set did not import');
  const file = {
    setId: imported.set.id,
    uploadId: await uploadText(
      (route, input) => app.invoke(route, input),
      readFileSync(join(samples, 'support-replies.cases.jsonl'), 'utf8'),
    ),
    format: 'jsonl' as const,
  };
  const preview = await app.invoke<CaseImportPreview>('judge.cases.importPreview', file);
  await app.invoke('judge.cases.importConfirm', { ...file, mapping: preview.mapping });
  const runs: string[] = [];
  for (const model of ['judge-1.13.0', 'judge-preview']) {
    const run = await app.invoke<BatchRunView>('judge.batch.create', {
      setId: imported.set.id,
      model,
      concurrency: 8,
    });
    runs.push(run.id);
    await app.invoke('judge.batch.start', { id: run.id });
    for (let state = run.state; state !== 'done';) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await app.invoke<BatchRunView>('judge.batch.get', { id: run.id })).state;
    }
  }
  await seedReview(app, runs[0]);
}

/**
 * A review on the pinned run's first cases (docs/architecture.md, "Review in the results"): case 1
 * disagreed with a comment and its first noul label corrected, case 2 agreed.
 */
async function seedReview(app: AppProcess, runId: string): Promise<void> {
  const page = await app.invoke<BatchGridPage>('judge.batch.grid', { id: runId, limit: 2 });
  const [first, second] = page.rows.map((r) => r.caseId);
  await app.invoke('judge.batch.mark', {
    id: runId,
    caseId: first,
    verdict: 'disagree',
    comment: 'The reply apologises but never offers the refund.',
  });
  await app.invoke('judge.batch.mark', { id: runId, caseId: second, verdict: 'agree' });
  const noul = page.questions.find((q) => q.type === 'noul');
  const opened = await app.invoke<BatchGridCase>('judge.batch.gridCase', { id: runId, caseId: first });
  if (noul)
    await app.invoke('judge.batch.correctLabel', {
      id: runId,
      caseId: first,
      question: noul.name,
      value: opened.expected?.[noul.name] !== true,
    });
}

/** A second profile (without a key), so pictures show what a user with two gateways sees; the first stays active. */
export async function seedSecondProfile(app: AppProcess): Promise<void> {
  const before = await app.invoke<{ activeId: string }>('profiles.list', {});
  await app.invoke('profiles.save', {
    name: 'Staging gateway (no key yet)',
    kind: 'gateway-overseas',
    host: 'https://gateway.example.com',
  });
  await app.invoke('profiles.activate', { id: before.activeId });
}
