import type { RunRef } from '../../../../src-shared/judge/run-agreement';
import type { ReportLanguage } from '../../../../src-shared/judge/report-inputs';
import type { SetTuning } from '../../../../src-shared/judge/set-tuning';
import type { BootstrapInterval, KappaResult, WilsonInterval } from '../../../../src-shared/stats';
import { escapeHtml } from './report-html-escape';
import type { ReportText } from './report-text';
import type { ReportKey } from './report-text-en';

/**
 * Pieces both reports are made of (docs/architecture.md, "Reports"). Every function returns
 * HTML; user-written text goes through `escapeHtml` here or through the catalog's `t`.
 */

/** What a report states besides the figures: the set's name, when it was made, by which version. */
export interface ReportContext {
  setName: string;
  language: ReportLanguage;
  /** When the report was made (ms since the epoch). */
  generatedAt: number;
  appVersion: string;
}

/**
 * A table: cells are HTML; a cell given as `{ num }` is a figure, aligned as one. An empty caption
 * leaves it out (the heading above names the table).
 */
export type Cell = string | { num: string } | { diag: string };

export function table(caption: string, head: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cell = (c: Cell) =>
    typeof c === 'string'
      ? `<td>${c}</td>`
      : 'num' in c
        ? `<td class="num">${c.num}</td>`
        : `<td class="num diag">${c.diag}</td>`;
  return (
    `<table>${caption ? `<caption>${caption}</caption>` : ''}<thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.map((r) => `<tr><th scope="row">${typeof r[0] === 'string' ? r[0] : ''}</th>${r.slice(1).map(cell).join('')}</tr>`).join('')}</tbody></table>`
  );
}

/** A run named as the views name it: model, start, state, id; its versions; a moved alias. */
export function runFacts(run: RunRef, x: ReportText, label: string): string {
  const versions = Object.entries(run.versions)
    .map(([v, n]) => `${v} (${x.count(n)})`)
    .join(', ');
  return (
    `<li><strong>${label}</strong>: ${x.t('runLine', {
      model: run.model,
      date: x.date(run.createdAt),
      state: x.raw(`state.${run.state}` as ReportKey),
      id: run.id,
    })}</li>` +
    `<li>${x.t('versions', { list: versions || '—' })}</li>` +
    (run.versionChanged ? `<li class="warn">${x.t('versionChanged')}</li>` : '')
  );
}

export function thresholdsLine(tuning: SetTuning, x: ReportText): string {
  const entries = Object.entries(tuning.thresholds ?? {});
  if (entries.length === 0) return x.t('noThresholds');
  return x.t('thresholds', { list: entries.map(([q, v]) => `${q} ${v}`).join(', ') });
}

/** One metric row: name, estimate, interval and how it was computed. */
export type MetricRow = readonly [name: string, estimate: Cell, interval: Cell, method: string];

type Format = 'pct' | 'num';
const fmt = (x: ReportText, f: Format) => (v: number | undefined) => (f === 'pct' ? x.pct(v) : x.num(v));

function bounds(x: ReportText, f: Format, lower: number, upper: number): Cell {
  const w = fmt(x, f);
  return { num: `[${w(lower)}, ${w(upper)}]` };
}

const gapText = (x: ReportText, why: string) => x.t('noInterval', { why: x.raw(`gap.${why}` as ReportKey) });

/** A proportion by Wilson; the estimate alone when the agreement has no intervals. */
export function wilsonRow(
  x: ReportText,
  name: string,
  estimate: number | undefined,
  i: WilsonInterval | undefined,
): MetricRow {
  if (!i) return [name, { num: x.pct(estimate) }, '—', x.t('method.none')];
  if (i.reason !== undefined)
    return [name, { num: x.pct(estimate) }, gapText(x, i.reason), x.t('method.wilson')];
  return [name, { num: x.pct(i.estimate) }, bounds(x, 'pct', i.lower, i.upper), x.t('method.wilson')];
}

export function bootstrapMethod(x: ReportText, b: BootstrapInterval): string {
  return b.resamples < b.requestedResamples
    ? x.t('method.bootstrapCut', {
        resamples: x.count(b.resamples),
        requested: x.count(b.requestedResamples),
        seed: b.seed,
      })
    : x.t('method.bootstrap', { resamples: x.count(b.resamples), seed: b.seed });
}

/** A figure by the seeded bootstrap, its resamples and seed stated. */
export function bootstrapRow(
  x: ReportText,
  name: string,
  estimate: number | undefined,
  b: BootstrapInterval | undefined,
  f: Format = 'num',
): MetricRow {
  const w = fmt(x, f);
  if (!b) return [name, { num: w(estimate) }, '—', x.t('method.none')];
  if (b.reason !== undefined)
    return [name, { num: w(b.estimate ?? estimate) }, gapText(x, b.reason), bootstrapMethod(x, b)];
  return [name, { num: w(b.estimate) }, bounds(x, f, b.lower, b.upper), bootstrapMethod(x, b)];
}

export function kappaRow(x: ReportText, name: string, k: KappaResult | undefined): MetricRow | undefined {
  if (!k) return undefined;
  if (k.reason !== undefined) return [name, { num: '—' }, gapText(x, k.reason), x.t('method.kappa')];
  return [name, { num: x.num(k.kappa) }, bounds(x, 'num', k.lower, k.upper), x.t('method.kappa')];
}

export function plainRow(name: string, value: string): MetricRow {
  return [name, { num: value }, '—', ''];
}

export function metricsTable(
  x: ReportText,
  caption: string,
  rows: readonly (MetricRow | undefined)[],
): string {
  return table(
    caption,
    [x.t('metric'), x.t('estimate'), x.t('interval'), x.t('method')],
    rows.filter((r): r is MetricRow => r !== undefined),
  );
}

/** matrix[expected][chosen] with the names of both; the diagonal in bold. */
export function confusionTable(
  x: ReportText,
  caption: string,
  matrix: readonly (readonly number[])[],
  names: readonly string[],
): string {
  const head = [x.t('expectedChosen'), ...names.map(escapeHtml)];
  const rows = matrix.map((row, i) => [
    escapeHtml(names[i] ?? String(i + 1)),
    ...row.map((v, j): Cell => (i === j ? { diag: x.count(v) } : { num: x.count(v) })),
  ]);
  return table(caption, head, rows);
}
