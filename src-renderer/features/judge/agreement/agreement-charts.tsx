import {
  Area,
  CartesianGrid,
  ComposedChart,
  ErrorBar,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import type {
  ConfidenceSummary,
  Coverage,
  PrPoint,
  Reliability,
  RocPoint,
} from '../../../../src-shared/judge/metrics';
import { wilsonInterval } from '../../../../src-shared/stats/wilson-interval';
import { t } from '../../../i18n/i18n';
import { num2, pct } from '../format';

// Colours come from the theme (agreement.css): axis text through currentColor, lines by class.
const axis = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 11 } };
const unitDomain: [number, number] = [0, 1];
const unitTicks = [0, 0.25, 0.5, 0.75, 1];
const diagonal: [{ x: number; y: number }, { x: number; y: number }] = [
  { x: 0, y: 0 },
  { x: 1, y: 1 },
];

/** "n of N cases used", and why the others were left out. */
/** The strongest shading of a confusion-matrix cell, in percent of the accent colour. */
const MAX_SHADE = 55;

export function CoverageLine({ coverage }: { coverage: Coverage }) {
  const parts = (['invalidAnswer', 'unlabelled', 'failed', 'unanswered', 'invalidLabel'] as const)
    .filter((k) => coverage[k] > 0)
    .map((k) => t(`judge.agreement.left.${k}`, { n: coverage[k] }));
  return (
    <p className="small-note">
      <strong>{t('judge.agreement.coverage', { used: coverage.used, total: coverage.total })}</strong>
      {parts.length > 0 ? ` · ${parts.join(' · ')}` : null}
    </p>
  );
}

/** A curve's bootstrap band as main sends it: y's bounds on a grid of x (docs/architecture.md). */
export interface BandLines {
  x: number[];
  lower: number[];
  upper: number[];
  resamples: number;
  seed: number;
}

/** The band as a ranged area (drawn before the curve, so the curve lies on it), keyed by the chart's x. */
function bandArea(band: BandLines | undefined, xKey: 'fpr' | 'recall') {
  if (!band) return null;
  const data = band.x.map((x, j) => ({ [xKey]: x, range: [band.lower[j], band.upper[j]] }));
  return (
    <Area data={data} dataKey="range" type="linear" isAnimationActive={false} className="agreement-band" />
  );
}

function BandNote({ band }: { band: BandLines | undefined }) {
  return band ? (
    <p className="small-note muted">
      {t('judge.agreement.band', { resamples: band.resamples, seed: band.seed })}
    </p>
  ) : null;
}

export function RocChart({ points, label, band }: { points: RocPoint[]; label: string; band?: BandLines }) {
  return (
    <div className="judge-chart agreement-chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={200}>
        <ComposedChart data={points} margin={{ left: 0, right: 12, top: 8, bottom: 16 }}>
          <CartesianGrid className="agreement-grid" />
          <XAxis type="number" dataKey="fpr" domain={unitDomain} ticks={unitTicks} {...axis} />
          <YAxis type="number" domain={unitDomain} ticks={unitTicks} width={36} {...axis} />
          <ReferenceLine segment={diagonal} className="agreement-diagonal" strokeDasharray="4 4" />
          {bandArea(band, 'fpr')}
          <Line
            dataKey="tpr"
            type="linear"
            dot={false}
            isAnimationActive={false}
            className="agreement-line"
          />
        </ComposedChart>
      </ResponsiveContainer>
      <div className="agreement-axes small-note">
        <span>{t('judge.agreement.axis.fpr')}</span>
        <span>{t('judge.agreement.axis.tpr')}</span>
      </div>
      <BandNote band={band} />
    </div>
  );
}

export function PrChart({
  points,
  marker,
  label,
  band,
}: {
  points: PrPoint[];
  marker?: { recall: number; precision: number };
  label: string;
  band?: BandLines;
}) {
  // Highest threshold first means recall rising, which is the order a line needs.
  return (
    <div className="judge-chart agreement-chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={200}>
        <ComposedChart data={points} margin={{ left: 0, right: 12, top: 8, bottom: 16 }}>
          <CartesianGrid className="agreement-grid" />
          <XAxis type="number" dataKey="recall" domain={unitDomain} ticks={unitTicks} {...axis} />
          <YAxis type="number" domain={unitDomain} ticks={unitTicks} width={36} {...axis} />
          {bandArea(band, 'recall')}
          <Line
            dataKey="precision"
            type="stepAfter"
            dot={false}
            isAnimationActive={false}
            className="agreement-line"
          />
          {marker ? (
            <ReferenceDot x={marker.recall} y={marker.precision} r={6} className="agreement-marker" />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
      <div className="agreement-axes small-note">
        <span>{t('judge.agreement.axis.recall')}</span>
        <span>{t('judge.agreement.axis.precision')}</span>
      </div>
      <BandNote band={band} />
    </div>
  );
}

/** Binned predicted probability against the observed frequency, with the diagonal of perfect calibration. */
/**
 * Each non-empty bin with its observed share's 95 % Wilson interval as [below, above] the point,
 * the error bar's form (docs/architecture.md, "Judge metrics with intervals").
 */
function binsWithBars(reliability: Reliability) {
  return reliability.bins
    .filter((b) => b.count > 0)
    .map((b) => {
      const i = wilsonInterval(Math.round(b.observed! * b.count), b.count);
      return { ...b, bar: [b.observed! - i.lower!, i.upper! - b.observed!] };
    });
}

export function ReliabilityChart({
  reliability,
  title,
  ece,
}: {
  reliability: Reliability;
  title: string;
  /** The ECE with its interval, when main computed one. */
  ece?: [string, string | undefined];
}) {
  const bins = binsWithBars(reliability);
  const label = t('judge.agreement.reliabilitySummary', {
    ece: num2(reliability.ece),
    list: bins.map((b) => `${pct(b.meanPredicted)} → ${pct(b.observed)} (${b.count})`).join(', '),
  });
  return (
    <section className="agreement-block" aria-label={title}>
      <h5>
        {title} · {t('judge.agreement.ece')} <span title={ece?.[1]}>{ece?.[0] ?? num2(reliability.ece)}</span>
      </h5>
      {bins.length === 0 ? (
        <p className="muted small-note">{t('judge.agreement.noCases')}</p>
      ) : (
        <div className="judge-chart agreement-chart" role="img" aria-label={label}>
          <ResponsiveContainer width="100%" height={180}>
            <LineChart data={bins} margin={{ left: 0, right: 12, top: 8, bottom: 16 }}>
              <CartesianGrid className="agreement-grid" />
              <XAxis type="number" dataKey="meanPredicted" domain={unitDomain} ticks={unitTicks} {...axis} />
              <YAxis type="number" domain={unitDomain} ticks={unitTicks} width={36} {...axis} />
              <ReferenceLine segment={diagonal} className="agreement-diagonal" strokeDasharray="4 4" />
              <Line dataKey="observed" type="linear" isAnimationActive={false} className="agreement-line">
                <ErrorBar
                  dataKey="bar"
                  direction="y"
                  width={4}
                  isAnimationActive={false}
                  className="agreement-error-bar"
                />
              </Line>
            </LineChart>
          </ResponsiveContainer>
          <div className="agreement-axes small-note">
            <span>{t('judge.agreement.axis.predicted')}</span>
            <span>{t('judge.agreement.axis.observed')}</span>
          </div>
          <p className="small-note muted">{t('judge.agreement.binBars')}</p>
        </div>
      )}
    </section>
  );
}

/** matrix[expected][chosen] as a table whose cells shade with their share of the row. */
export function ConfusionTable({
  matrix,
  names,
  caption,
}: {
  matrix: number[][];
  names: string[];
  caption: string;
}) {
  return (
    <table className="judge-table agreement-matrix">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('judge.agreement.expectedChosen')}</th>
          {names.map((n) => (
            <th key={n} scope="col" title={n}>
              {n}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matrix.map((row, i) => {
          const sum = row.reduce((s, v) => s + v, 0);
          return (
            <tr key={names[i]}>
              <th scope="row" title={names[i]}>
                {names[i]}
              </th>
              {row.map((v, j) => (
                <td
                  key={names[j]}
                  className={i === j ? 'agreement-diag' : undefined}
                  // Shaded up to 55 % of the accent, so the count stays readable on it in both themes.
                  style={{ ['--share' as string]: `${sum > 0 ? Math.round((v / sum) * MAX_SHADE) : 0}%` }}
                >
                  {v}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function ConfidenceTable({ summary }: { summary: ConfidenceSummary }) {
  return (
    <table className="judge-table">
      <caption>{t('judge.agreement.confidenceTitle')}</caption>
      <tbody>
        <tr>
          <th scope="row">{t('judge.agreement.whenRight', { n: summary.correct.count })}</th>
          <td>{pct(summary.correct.meanConfidence)}</td>
        </tr>
        <tr>
          <th scope="row">{t('judge.agreement.whenWrong', { n: summary.incorrect.count })}</th>
          <td>{pct(summary.incorrect.meanConfidence)}</td>
        </tr>
        <tr>
          <th scope="row">{t('judge.agreement.gap')}</th>
          <td>{num2(summary.gap)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** A few named numbers in a row. */
/** Name, value and, for a value with an interval, its bounds and method as the value's title. */
export function Stats({ items }: { items: readonly (readonly [string, string, (string | undefined)?])[] }) {
  const anyInterval = items.some((i) => i[2] !== undefined);
  return (
    <>
      <dl className="agreement-stats">
        {items.map(([k, v, title]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd title={title}>{v}</dd>
          </div>
        ))}
      </dl>
      {anyInterval ? <p className="small-note muted">{t('judge.agreement.intervalNote')}</p> : null}
    </>
  );
}
