import { escapeHtml } from '../../judge/report/report-html-escape';

/**
 * The eval report's chart (docs/architecture.md, "Evals"): one bar per column with
 * its 95 % interval as a whisker, drawn from the numbers as inline SVG in the judge reports'
 * manner (report-svg.ts): no script, nothing fetched, colours from the page's CSS so both
 * schemes apply, no `xmlns`, and a text alternative holding every figure. Column names are
 * the user's: escaped here.
 */
export interface IntervalBar {
  label: string;
  estimate: number | undefined;
  lower: number | undefined;
  upper: number | undefined;
}

const BARS = { width: 640, label: 230, right: 56, row: 28, top: 10, bottom: 30, bar: 14 };
const LABEL_CHARS = 36;

/** The axis's end: 1 for a rate, else the next whole level past every figure (at least 1). */
export function barsReach(bars: readonly IntervalBar[], rate: boolean): number {
  if (rate) return 1;
  const far = Math.max(1, ...bars.flatMap((b) => [b.estimate, b.upper].filter((v) => v !== undefined)));
  return Math.ceil(far);
}

/**
 * Bars over [0, reach]; `alt` is catalog text (already escaped), `show` writes a figure for the
 * value printed at each bar's end.
 */
export function intervalBarsSvg(opts: {
  alt: string;
  bars: readonly IntervalBar[];
  rate: boolean;
  show: (v: number) => string;
}): string {
  const reach = barsReach(opts.bars, opts.rate);
  const height = BARS.top + opts.bars.length * BARS.row + BARS.bottom;
  const x0 = BARS.label;
  const x1 = BARS.width - BARS.right;
  const sx = (v: number) => (x0 + (Math.max(0, Math.min(reach, v)) / reach) * (x1 - x0)).toFixed(1);
  const bottom = height - BARS.bottom;
  const parts: string[] = [];
  const ticks = opts.rate ? [0, 0.25, 0.5, 0.75, 1] : Array.from({ length: reach + 1 }, (_, i) => i);
  for (const t of ticks)
    parts.push(
      `<line class="grid" x1="${sx(t)}" y1="${BARS.top}" x2="${sx(t)}" y2="${bottom}"/>`,
      `<text class="tick" x="${sx(t)}" y="${bottom + 14}" text-anchor="middle">${opts.rate ? `${t * 100}%` : t}</text>`,
    );
  opts.bars.forEach((b, i) => {
    const y = BARS.top + i * BARS.row + BARS.row / 2;
    const name = b.label.length > LABEL_CHARS ? `${b.label.slice(0, LABEL_CHARS - 1)}…` : b.label;
    parts.push(
      `<text class="row-name" x="${x0 - 8}" y="${y + 4}" text-anchor="end">${escapeHtml(name)}</text>`,
    );
    if (b.estimate === undefined) return;
    const h = BARS.bar;
    parts.push(
      `<rect class="bar" x="${x0}" y="${(y - h / 2).toFixed(1)}" width="${(Number(sx(b.estimate)) - x0).toFixed(1)}" height="${h}"/>`,
    );
    if (b.lower !== undefined && b.upper !== undefined) {
      const [lo, hi] = [sx(b.lower), sx(b.upper)];
      parts.push(
        `<line class="whisker" x1="${lo}" y1="${y}" x2="${hi}" y2="${y}"/>`,
        `<line class="whisker" x1="${lo}" y1="${y - 5}" x2="${lo}" y2="${y + 5}"/>`,
        `<line class="whisker" x1="${hi}" y1="${y - 5}" x2="${hi}" y2="${y + 5}"/>`,
      );
    }
    parts.push(`<text class="tick" x="${x1 + 6}" y="${y + 4}">${escapeHtml(opts.show(b.estimate))}</text>`);
  });
  parts.push(`<line class="axis" x1="${x0}" y1="${BARS.top}" x2="${x0}" y2="${bottom}"/>`);
  return (
    `<svg class="chart chart-bars" viewBox="0 0 ${BARS.width} ${height}" role="img" aria-label="${opts.alt}">` +
    `<title>${opts.alt}</title>${parts.join('')}</svg>`
  );
}
