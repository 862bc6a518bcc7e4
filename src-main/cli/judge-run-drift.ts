import { writeFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type { BatchRunView } from '../../src-shared/judge/batch-run';
import type { JUDGE_MODELS } from '../../src-shared/judge/judge-estimate';
import type { ReportLanguage } from '../../src-shared/judge/report-inputs';
import { DRIFT_PAGE_MAX, type RunDrift } from '../../src-shared/judge/run-agreement';
import { differenceSentence, flipsSentence } from '../../src-shared/stats/difference-verdict';
import { casesStamp } from '../core/db/cases-stamp';
import type { createRepositories } from '../core/db/repositories';
import { AgreementService } from '../core/judge/agreement/agreement-service';
import type { BatchService } from '../core/judge/batch/batch-service';
import { LabelledRunCache } from '../core/judge/batch/labelled-run';
import { driftReportHtml } from '../core/judge/report/drift-report-html';
import { appVersion } from './judge-run-report';

/** Starts a batch run of the set on `model` and waits for it to end, however it ends. */
export async function runToEnd(
  batch: BatchService,
  setId: string,
  model: (typeof JUDGE_MODELS)[number],
  concurrency: number,
): Promise<BatchRunView> {
  const created = await batch.create({ setId, model, concurrency });
  batch.start(created.id);
  let run = batch.get(created.id);
  while (!['done', 'paused', 'cancelled'].includes(run.state)) {
    await new Promise((r) => setTimeout(r, 100));
    run = batch.get(created.id);
  }
  return run;
}

/**
 * `--drift-model`: the two runs compared case by case as the app's Drift view compares them (A =
 * the first run, B = the one on the drift model), each question's paired statistics as the plain
 * sentences the report ends with; `--drift-report` writes that view as the app's drift report
 * (docs/architecture.md, "Reports").
 */
export function driftOfRuns(opts: {
  db: DatabaseSync;
  repos: ReturnType<typeof createRepositories>;
  a: string;
  b: string;
}): RunDrift {
  const labelled = new LabelledRunCache({ ...opts.repos, labelsStamp: casesStamp(opts.db) });
  return new AgreementService({ labelled }).drift({ a: opts.a, b: opts.b, offset: 0, limit: DRIFT_PAGE_MAX });
}

/** The drift as lines for the terminal: per question, the flips' test and each metric's delta. */
export function driftLines(d: RunDrift): string[] {
  const lines = [`drift: A = ${d.a.model}, B = ${d.b.model}`];
  for (const q of d.questions) {
    if (!q.paired) {
      lines.push(`${q.question}: no case both runs answered and labelled alike`);
      continue;
    }
    lines.push(`${q.question} (${q.paired.cases} cases): ${flipsSentence(q.paired.flips)}`);
    for (const delta of q.paired.deltas)
      lines.push(`  ${delta.metric}: ${differenceSentence(delta.verdict)}`);
  }
  return lines;
}

export function writeDriftReport(d: RunDrift, setName: string, language: ReportLanguage, path: string): void {
  writeFileSync(
    path,
    driftReportHtml(d, { setName, language, generatedAt: Date.now(), appVersion: appVersion() }),
  );
}
