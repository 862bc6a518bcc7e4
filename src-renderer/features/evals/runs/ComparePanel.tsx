import type { EvalRunStats } from '../../../../src-shared/ipc/routes/eval-stats-routes';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { useRoute } from '../../../hooks/use-route';
import { formatNumber, t } from '../../../i18n/i18n';
import { type CompareChoice, columnInput, ofInput, ROW_FILTERS } from './compare-state';
import { compareSentence, pValueText } from './compare-sentence';
import { meanText, rateText } from './figure-text';
import type { MatrixColumn } from './matrix-columns';

const FILTER_LABELS = {
  all: 'evalRuns.filter.all',
  disagree: 'evalRuns.filter.disagree',
  failsA: 'evalRuns.filter.failsA',
  failsB: 'evalRuns.filter.failsB',
  erroredA: 'evalRuns.filter.erroredA',
  erroredB: 'evalRuns.filter.erroredB',
} as const;

interface Props {
  runId: string;
  columns: MatrixColumn[];
  stats: EvalRunStats | undefined;
  choice: CompareChoice;
  onChoice: (c: CompareChoice) => void;
  /** Rows the filter found, when one is in force. */
  matching: number | undefined;
}

function ColumnPicker(props: {
  label: string;
  value?: string;
  columns: MatrixColumn[];
  onPick: (id: string) => void;
}) {
  return (
    <label className="field">
      {props.label}
      <select value={props.value ?? ''} onChange={(e) => props.onPick(e.target.value)}>
        <option value="" disabled>
          —
        </option>
        {props.columns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function MarksAgreementLine({ stats }: { stats: EvalRunStats | undefined }) {
  const m = stats?.marks;
  if (!m || m.cases + m.withoutVerdict === 0)
    return <p className="muted small-note">{t('evalRuns.marks.none')}</p>;
  const agree = m.counts.goodPass + m.counts.badFail;
  return (
    <p className="small-note">
      {t('evalRuns.marks.agreement', {
        agree: formatNumber(agree),
        cases: formatNumber(m.cases),
        rate: rateText(m.agreement),
      })}
      {m.kappa.kappa !== undefined
        ? ` · ${t('evalRuns.marks.kappa', { kappa: `${meanText({ estimate: m.kappa.kappa, lower: m.kappa.lower, upper: m.kappa.upper })}` })}`
        : ''}
      {m.withoutVerdict > 0 ? ` ${t('evalRuns.marks.without', { n: formatNumber(m.withoutVerdict) })}` : ''}
    </p>
  );
}

/**
 * Two columns compared on the rows both answered (evals.runs.compare): the plain sentence in the
 * window's language, the test and its p-value; the filters that narrow the matrix to the rows
 * that matter (evals.runs.filter); and how the grader agrees with the user's marks.
 */
export function ComparePanel({ runId, columns, stats, choice, onChoice, matching }: Props) {
  const a = columns.find((c) => c.id === choice.a);
  const b = columns.find((c) => c.id === choice.b);
  const ready = a !== undefined && b !== undefined && a !== b;
  const questions = (stats?.columns[0]?.questions ?? []).filter((q) => q.kind !== 'choice');
  const compare = useRoute(
    'evals.runs.compare',
    {
      runId,
      a: a ? columnInput(a) : { variantId: '', targetId: '' },
      b: b ? columnInput(b) : { variantId: '', targetId: '' },
      of: ofInput(choice.of),
    },
    // Like the stats: asked again only when invalidated (EvalRunsView).
    { enabled: ready, staleTime: Infinity },
  );
  const c = ready ? compare.data : undefined;
  return (
    <section className="card evalruns-compare" aria-label={t('evalRuns.compare.title')}>
      <h4>{t('evalRuns.compare.title')}</h4>
      <div className="row evalruns-compare-pickers">
        <ColumnPicker
          label={t('evalRuns.compare.a')}
          value={choice.a}
          columns={columns}
          onPick={(id) => onChoice({ ...choice, a: id })}
        />
        <ColumnPicker
          label={t('evalRuns.compare.b')}
          value={choice.b}
          columns={columns}
          onPick={(id) => onChoice({ ...choice, b: id })}
        />
        <label className="field">
          {t('evalRuns.compare.of')}
          <select value={choice.of} onChange={(e) => onChoice({ ...choice, of: e.target.value })}>
            <option value="">{t('evalRuns.compare.ofChecks')}</option>
            {questions.map((q) => (
              <option key={q.name} value={q.name}>
                {t('evalRuns.compare.ofQuestion', { name: q.name })}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t('evalRuns.filter.label')}
          <select
            value={choice.filter}
            onChange={(e) => onChoice({ ...choice, filter: e.target.value as CompareChoice['filter'] })}
          >
            {ROW_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(FILTER_LABELS[f])}
              </option>
            ))}
          </select>
        </label>
        {matching !== undefined ? (
          <span className="muted small-note" aria-live="polite">
            {t('evalRuns.filter.count', { n: formatNumber(matching) })}
          </span>
        ) : null}
      </div>
      {!ready ? <p className="muted small-note">{t('evalRuns.compare.pick')}</p> : null}
      {ready && compare.error ? <ErrorNotice error={compare.error.error} /> : null}
      {ready && !c && !compare.error ? (
        <p className="muted small-note">{t('evalRuns.compare.loading')}</p>
      ) : null}
      {c && a && b ? (
        <div aria-live="polite">
          <p className={c.verdict.decisive ? 'evalruns-verdict decisive' : 'evalruns-verdict'}>
            {compareSentence(c, { a: a.label, b: b.label })}
          </p>
          {/* With no row in both columns there is no test to name (the sentence says so). */}
          {c.rows > 0 ? (
            <p className="muted small-note">
              {t('evalRuns.compare.detail', {
                rows: formatNumber(c.rows),
                test:
                  c.test === 'mcnemarExact'
                    ? t('evalRuns.compare.mcnemar')
                    : t('evalRuns.compare.bootstrap', { resamples: formatNumber(c.resamples), seed: c.seed }),
                p: pValueText(c.pValue) || '—',
              })}
              {c.flips
                ? ` ${t('evalRuns.compare.flips', { aOnly: formatNumber(c.flips.aOnly), bOnly: formatNumber(c.flips.bOnly) })}`
                : ''}
            </p>
          ) : null}
        </div>
      ) : null}
      <h4>{t('evalRuns.marks.title')}</h4>
      <MarksAgreementLine stats={stats} />
    </section>
  );
}
