import type { ReportText } from './report-text';

/**
 * The shell every report shares (docs/architecture.md, "Reports"): one HTML file with its CSS
 * inline, no script, no font, no image, nothing fetched. The Content-Security-Policy says so to
 * the browser too, so even a tag slipped past the escaping could load nothing. Light and dark
 * follow the reader's system through `prefers-color-scheme`.
 */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const CSS = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1d2127; --muted: #5b6470; --line: #d5dae1;
  --grid: #e6e9ee; --card: #f6f7f9; --accent: #2563c9; --better: #17803d; --worse: #c2362f;
  --warn-bg: #fff4d6; --warn-fg: #6b4a00; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #16191e; --fg: #e6e9ee; --muted: #a1a9b5; --line: #39404a; --grid: #2a3038;
    --card: #1e2228; --accent: #7fb0ff; --better: #5fd08a; --worse: #ff8a80;
    --warn-bg: #3a2f12; --warn-fg: #ffd977; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 980px; padding: 24px; background: var(--bg); color: var(--fg);
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif; }
h1 { font-size: 22px; margin: 0 0 8px; }
h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 16px 0 6px; }
p { margin: 4px 0; }
.muted { color: var(--muted); }
.small { font-size: 12px; }
.facts { list-style: none; padding: 0; margin: 8px 0; }
.facts li { margin: 2px 0; }
.warn { background: var(--warn-bg); color: var(--warn-fg); padding: 6px 10px; border-radius: 4px; }
section.question, section.card { background: var(--card); border: 1px solid var(--line); border-radius: 6px;
  padding: 12px 16px; margin: 16px 0; }
section > h2:first-child { margin-top: 0; }
.instructions { white-space: pre-wrap; }
table { border-collapse: collapse; margin: 8px 0; width: 100%; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
td.diag { font-weight: 700; }
.better { color: var(--better); }
.worse { color: var(--worse); }
.charts { display: flex; flex-wrap: wrap; gap: 16px; }
figure { margin: 0; flex: 1 1 300px; max-width: 380px; }
figure.wide { max-width: none; flex-basis: 100%; }
figcaption { font-weight: 600; margin-bottom: 4px; }
svg.chart { width: 100%; height: auto; color: var(--fg); }
svg .grid { stroke: var(--grid); stroke-width: 1; }
svg .axis { stroke: var(--muted); stroke-width: 1; }
svg .zero { stroke: var(--muted); stroke-width: 1.5; }
svg .diagonal { stroke: var(--muted); stroke-dasharray: 4 4; }
svg .line { fill: none; stroke: var(--accent); stroke-width: 2; }
svg .band { fill: var(--accent); fill-opacity: 0.18; stroke: none; }
svg .error-bar { stroke: var(--accent); stroke-width: 1.5; }
svg .dot, svg .marker { fill: var(--accent); }
svg .interval { stroke: var(--muted); stroke-width: 2; }
svg .point { fill: var(--muted); }
svg .interval.better { stroke: var(--better); } svg .point.better { fill: var(--better); }
svg .interval.worse { stroke: var(--worse); } svg .point.worse { fill: var(--worse); }
svg text { fill: currentColor; font-size: 11px; }
svg .axis-name { font-size: 12px; fill: var(--muted); }
svg .row-name { font-size: 11px; }
.state { max-width: 420px; }
footer { margin-top: 32px; border-top: 1px solid var(--line); padding-top: 8px; }
@media print { body { max-width: none; } section.question, section.card { break-inside: avoid; } }
`;

/**
 * The whole document: `title` and `body` are HTML already escaped by their builders; `css`, a
 * report's own rules after the shared ones (the eval report's bars).
 */
export function reportPage(opts: {
  text: Pick<ReportText, 'language'>;
  title: string;
  body: string;
  made: string;
  css?: string;
}): string {
  return `<!doctype html>
<html lang="${opts.text.language}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="Gatehouse">
<title>${opts.title}</title>
<style>${CSS}${opts.css ?? ''}</style>
</head>
<body>
<h1>${opts.title}</h1>
${opts.body}
<footer class="muted small">${opts.made}</footer>
</body>
</html>
`;
}
