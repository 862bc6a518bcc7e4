import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseSync } from 'node:sqlite';
import type { ReportLanguage } from '../../src-shared/judge/report-inputs';
import { casesStamp } from '../core/db/cases-stamp';
import type { createRepositories } from '../core/db/repositories';
import { AgreementService } from '../core/judge/agreement/agreement-service';
import { LabelledRunCache } from '../core/judge/batch/labelled-run';
import { agreementReportHtml } from '../core/judge/report/agreement-report-html';

/**
 * `--report FILE`: the run's agreement as the same self-contained HTML file the app's "Save
 * report…" writes (docs/architecture.md, "Reports"), from the same agreement service over the
 * command line's in-memory database (`--drift-report`, in judge-run-drift.ts, writes the drift's).
 */
/** The version in package.json, as the app states its own in a report. */
export function appVersion(): string {
  try {
    const file = join(dirname(fileURLToPath(import.meta.url)), '../../package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function writeAgreementReport(opts: {
  db: DatabaseSync;
  repos: ReturnType<typeof createRepositories>;
  runId: string;
  setName: string;
  language: ReportLanguage;
  path: string;
}): void {
  const labelled = new LabelledRunCache({ ...opts.repos, labelsStamp: casesStamp(opts.db) });
  const agreement = new AgreementService({ labelled }).agreement(opts.runId);
  const html = agreementReportHtml(agreement, {
    setName: opts.setName,
    language: opts.language,
    generatedAt: Date.now(),
    appVersion: appVersion(),
  });
  writeFileSync(opts.path, html);
}
