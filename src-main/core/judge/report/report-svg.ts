import type { Reliability } from '../../../../src-shared/judge/metrics';
import { wilsonInterval } from '../../../../src-shared/stats/wilson-interval';
import { escapeHtml } from './report-html-escape';

/**
 * The report's charts as inline SVG drawn from the numbers (docs/architecture.md, "Reports"): no
 * script, no font or image fetched, colours from the page's CSS (classes and `currentColor`), so
 * the light and dark schemes both apply. Each chart is an `img` with a text alternative that
 * holds its figures. Callers pass labels already escaped (catalog text); user-written names are
 * escaped here. No `xmlns`: the HTML parser puts an inline `<svg>` in SVG's namespace itself, so
 * the file holds no address at all, not even a namespace's.
 */

export interface XY {
  x: number;
  y: number;
}

/** The unit square's frame: a 320 × 240 view box, the plot inside these margins. */
const W = 320;
const H = 240;
const M = { left: 48, right: 12, top: 10, bottom: 38 };
const UNIT_TICKS = [0, 0.25, 0.5, 0.75, 1];

const fx = (v: number) => (M.left + v * (W - M.left - M.right)).toFixed(1);
const fy = (v: number) => (H - M.bottom - v * (H - M.top - M.bottom)).toFixed(1);
const clampUnit = (v: number) => Math.min(1, Math.max(0, v));

function svgOpen(width: number, height: number, alt: string, className: string): string {
  return (
    `<svg class="chart ${className}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${alt}"><title>${alt}</title>`
  );
}

/** Grid, ticks and axis names of a chart over [0, 1] × [0, 1]. */
function unitFrame(xLabel: string, yLabel: string, diagonal: boolean): string {
  const parts: string[] = [];
  for (const t of UNIT_TICKS) {
    parts.push(
      `<line class="grid" x1="${fx(t)}" y1="${fy(0)}" x2="${fx(t)}" y2="${fy(1)}"/>`,
      `<line class="grid" x1="${fx(0)}" y1="${fy(t)}" x2="${fx(1)}" y2="${fy(t)}"/>`,
      `<text class="tick" x="${fx(t)}" y="${(H - M.bottom + 13).toFixed(1)}" text-anchor="middle">${t}</text>`,
      `<text class="tick" x="${M.left - 4}" y="${(Number(fy(t)) + 3.5).toFixed(1)}" text-anchor="end">${t}</text>`,
    );
  }
  parts.push(
    `<line class="axis" x1="${fx(0)}" y1="${fy(0)}" x2="${fx(1)}" y2="${fy(0)}"/>`,
    `<line class="axis" x1="${fx(0)}" y1="${fy(0)}" x2="${fx(0)}" y2="${fy(1)}"/>`,
    `<text class="axis-name" x="${fx(0.5)}" y="${H - 6}" text-anchor="middle">${xLabel} →</text>`,
    `<text class="axis-name" x="10" y="${fy(0.5)}" text-anchor="middle" transform="rotate(-90 10 ${fy(0.5)})">${yLabel} →</text>`,
  );
  if (diagonal)
    parts.push(`<line class="diagonal" x1="${fx(0)}" y1="${fy(0)}" x2="${fx(1)}" y2="${fy(1)}"/>`);
  return parts.join('');
}

/** A step-after line holds each y until the next x (a precision–recall curve). */
function stepAfter(points: readonly XY[]): XY[] {
  const out: XY[] = [];
  points.forEach((p, i) => {
    if (i > 0) out.push({ x: p.x, y: points[i - 1].y });
    out.push(p);
  });
  return out;
}

/** A curve over the unit square: ROC (with the chance diagonal) or precision–recall (steps). */
export function curveSvg(opts: {
  alt: string;
  points: readonly XY[];
  xLabel: string;
  yLabel: string;
  diagonal?: boolean;
  step?: boolean;
  marker?: XY;
  /** The curve's pointwise 95 % band: y's bounds at each x, shaded under the line. */
  band?: { x: readonly number[]; lower: readonly number[]; upper: readonly number[] };
}): string {
  const pts = opts.step ? stepAfter(opts.points) : opts.points;
  const line = pts.map((p) => `${fx(clampUnit(p.x))},${fy(clampUnit(p.y))}`).join(' ');
  const band = opts.band ? bandPolygon(opts.band) : '';
  const marker = opts.marker
    ? `<circle class="marker" cx="${fx(clampUnit(opts.marker.x))}" cy="${fy(clampUnit(opts.marker.y))}" r="5"/>`
    : '';
  return (
    svgOpen(W, H, opts.alt, 'chart-curve') +
    unitFrame(opts.xLabel, opts.yLabel, !!opts.diagonal) +
    band +
    (pts.length > 0 ? `<polyline class="line" points="${line}"/>` : '') +
    marker +
    '</svg>'
  );
}

/** A band as one polygon: along the upper bounds, then back along the lower ones. */
export function bandPolygon(band: {
  x: readonly number[];
  lower: readonly number[];
  upper: readonly number[];
}): string {
  const at = (x: number, y: number) => `${fx(clampUnit(x))},${fy(clampUnit(y))}`;
  const upper = band.x.map((x, i) => at(x, band.upper[i]));
  const lower = band.x.map((x, i) => at(x, band.lower[i])).reverse();
  if (upper.length < 2) return '';
  return `<polygon class="band" points="${[...upper, ...lower].join(' ')}"/>`;
}

/** A reliability bin as drawn: its point and its observed share's 95 % Wilson interval. */
export interface ReliabilityPoint {
  predicted: number;
  observed: number;
  lower: number;
  upper: number;
  count: number;
}

/** The non-empty bins with the Wilson interval of each observed share (as the window's error bars). */
export function reliabilityPoints(reliability: Reliability): ReliabilityPoint[] {
  return reliability.bins
    .filter((b) => b.count > 0 && b.observed !== undefined && b.meanPredicted !== undefined)
    .map((b) => {
      const i = wilsonInterval(Math.round(b.observed! * b.count), b.count);
      return {
        predicted: b.meanPredicted!,
        observed: b.observed!,
        lower: i.lower!,
        upper: i.upper!,
        count: b.count,
      };
    });
}

/** Each bin's observed share against its mean prediction, with an error bar, and the diagonal. */
export function reliabilitySvg(opts: {
  alt: string;
  points: readonly ReliabilityPoint[];
  xLabel: string;
  yLabel: string;
}): string {
  const body = opts.points
    .map((p) => {
      const x = fx(p.predicted);
      return (
        `<g class="bin"><line class="error-bar" x1="${x}" y1="${fy(p.lower)}" x2="${x}" y2="${fy(p.upper)}"/>` +
        `<line class="error-bar" x1="${(Number(x) - 3).toFixed(1)}" y1="${fy(p.lower)}" x2="${(Number(x) + 3).toFixed(1)}" y2="${fy(p.lower)}"/>` +
        `<line class="error-bar" x1="${(Number(x) - 3).toFixed(1)}" y1="${fy(p.upper)}" x2="${(Number(x) + 3).toFixed(1)}" y2="${fy(p.upper)}"/>` +
        `<circle class="dot" cx="${x}" cy="${fy(p.observed)}" r="3"/></g>`
      );
    })
    .join('');
  const line = opts.points.map((p) => `${fx(p.predicted)},${fy(p.observed)}`).join(' ');
  return (
    svgOpen(W, H, opts.alt, 'chart-reliability') +
    unitFrame(opts.xLabel, opts.yLabel, true) +
    (opts.points.length > 1 ? `<polyline class="line" points="${line}"/>` : '') +
    body +
    '</svg>'
  );
}

/** One row of a forest plot: a delta with its interval (absent when it has none). */
export interface ForestRow {
  /** As the user wrote it (a question's name) and a metric's catalog name: escaped here. */
  label: string;
  estimate: number | undefined;
  lower: number | undefined;
  upper: number | undefined;
  /** Decisive and for the better, for the worse, or not decisive. */
  tone: 'better' | 'worse' | 'plain';
}

/** The half-width of the axis: a round number just past the farthest bound (at least 0.05). */
export function forestReach(rows: readonly ForestRow[]): number {
  const far = Math.max(
    0.05,
    ...rows.flatMap((r) =>
      [r.estimate, r.lower, r.upper].filter((v): v is number => v !== undefined).map(Math.abs),
    ),
  );
  const steps = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10];
  return steps.find((s) => s >= far) ?? Math.ceil(far);
}

const FOREST = { width: 640, label: 250, right: 16, row: 26, top: 12, bottom: 40 };
const LABEL_CHARS = 40;

/** Paired deltas, one row each, around a line at 0: a point for B − A, a bar for its interval. */
export function forestSvg(opts: { alt: string; rows: readonly ForestRow[]; xLabel: string }): string {
  const reach = forestReach(opts.rows);
  const height = FOREST.top + opts.rows.length * FOREST.row + FOREST.bottom;
  const x0 = FOREST.label;
  const x1 = FOREST.width - FOREST.right;
  const sx = (v: number) =>
    (x0 + ((Math.max(-reach, Math.min(reach, v)) + reach) / (2 * reach)) * (x1 - x0)).toFixed(1);
  const bottom = height - FOREST.bottom;
  const parts: string[] = [];
  for (const t of [-reach, -reach / 2, 0, reach / 2, reach]) {
    parts.push(
      `<line class="${t === 0 ? 'zero' : 'grid'}" x1="${sx(t)}" y1="${FOREST.top}" x2="${sx(t)}" y2="${bottom}"/>`,
      `<text class="tick" x="${sx(t)}" y="${bottom + 14}" text-anchor="middle">${t === 0 ? '0' : (t > 0 ? '+' : '\u2212') + String(Math.abs(t))}</text>`,
    );
  }
  parts.push(
    `<text class="axis-name" x="${((x0 + x1) / 2).toFixed(1)}" y="${height - 6}" text-anchor="middle">${opts.xLabel}</text>`,
  );
  opts.rows.forEach((r, i) => {
    const y = FOREST.top + i * FOREST.row + FOREST.row / 2;
    const name = r.label.length > LABEL_CHARS ? `${r.label.slice(0, LABEL_CHARS - 1)}…` : r.label;
    parts.push(
      `<text class="row-name" x="${x0 - 8}" y="${y + 4}" text-anchor="end">${escapeHtml(name)}</text>`,
    );
    if (r.lower !== undefined && r.upper !== undefined)
      parts.push(
        `<line class="interval ${r.tone}" x1="${sx(r.lower)}" y1="${y}" x2="${sx(r.upper)}" y2="${y}"/>`,
      );
    if (r.estimate !== undefined)
      parts.push(
        `<rect class="point ${r.tone}" x="${(Number(sx(r.estimate)) - 4).toFixed(1)}" y="${y - 4}" width="8" height="8"/>`,
      );
  });
  return svgOpen(FOREST.width, height, opts.alt, 'chart-forest') + parts.join('') + '</svg>';
}
