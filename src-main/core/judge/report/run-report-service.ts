import { DRIFT_PAGE_MAX, type RunAgreement, type RunDrift } from '../../../../src-shared/judge/run-agreement';
import type { DriftInput } from '../../../../src-shared/judge/run-agreement-inputs';
import type { ReportInput } from '../../../../src-shared/judge/report-inputs';
import type { DesktopActions } from '../../media/desktop-actions';
import { agreementReportHtml } from './agreement-report-html';
import { driftReportHtml } from './drift-report-html';

export interface RunReportsDeps {
  /** The views' own computations (in a worker where there is a pool): the report adds none. */
  agreement(id: string, signal?: AbortSignal): Promise<RunAgreement>;
  drift(input: DriftInput, signal?: AbortSignal): Promise<RunDrift>;
  /** The set's name as its owner wrote it; undefined when the set has gone. */
  setName(setId: string): string | undefined;
  desktop: DesktopActions;
  appVersion: string;
  now?: () => number;
}

/** A file name from a set's name: letters, digits, `-` and `_` only, as the results export makes them. */
export function reportFileName(setName: string, kind: 'agreement' | 'drift', at: number): string {
  const slug = setName.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'set';
  return `${slug}-${kind}-${new Date(at).toISOString().slice(0, 10)}.report.html`;
}

/**
 * `judge.report.save` (docs/architecture.md, "Reports"): the agreement or drift the views show,
 * built into one HTML file and written through the same save path as the results export (the
 * native dialog, or browser mode's export folder). The drift report holds the first page of
 * flipped cases (100 at most).
 */
export class RunReports {
  constructor(private readonly deps: RunReportsDeps) {}

  async html(input: ReportInput, signal?: AbortSignal): Promise<{ html: string; fileName: string }> {
    const at = (this.deps.now ?? Date.now)();
    const context = (setId: string) => ({
      setName: this.deps.setName(setId) ?? setId,
      language: input.language,
      generatedAt: at,
      appVersion: this.deps.appVersion,
    });
    if (input.kind === 'agreement') {
      const ag = await this.deps.agreement(input.id, signal);
      const ctx = context(ag.run.setId);
      return { html: agreementReportHtml(ag, ctx), fileName: reportFileName(ctx.setName, 'agreement', at) };
    }
    const d = await this.deps.drift({ a: input.a, b: input.b, offset: 0, limit: DRIFT_PAGE_MAX }, signal);
    const ctx = context(d.a.setId);
    return { html: driftReportHtml(d, ctx), fileName: reportFileName(ctx.setName, 'drift', at) };
  }

  /** Where the file was written, or null when the user cancelled the dialog. */
  async save(input: ReportInput, signal?: AbortSignal): Promise<string | null> {
    const { html, fileName } = await this.html(input, signal);
    return this.deps.desktop.saveTextAs(html, fileName);
  }
}
