import type { EvalMinimum } from '../../../src-shared/evals/eval-definition';
import { MINIMUMS_MAX } from '../../../src-shared/evals/eval-limits';
import { IconButton } from '../../app/IconButton';
import { t } from '../../i18n/i18n';
import { useEvals } from './evals-store';
import { NumberField, TextField } from './form-parts';
import { firstColumns, NotWorseFields } from './NotWorseFields';

type Gated = Exclude<EvalMinimum, { kind: 'not-worse' }>;
type KindChoice = 'checks' | 'question' | 'mean-score' | 'not-worse';

/** The question a minimum is about, or '' for the checks. */
function questionOf(m: EvalMinimum): string {
  if (m.kind === 'mean-score') return m.question;
  return m.of === 'checks' ? '' : m.of.question;
}

function kindOf(m: EvalMinimum): KindChoice {
  if (m.kind === 'mean-score' || m.kind === 'not-worse') return m.kind;
  return m.of === 'checks' ? 'checks' : 'question';
}

/**
 * What a run must reach: a pass rate (of the checks or a noul question) or a mean score, for every
 * column; or column B not worse than column A by more than a margin.
 */
export function MinimumsEditor({ issues }: { issues: Map<string, string> }) {
  const minimums = useEvals((s) => s.draft!.minimums);
  const variants = useEvals((s) => s.draft!.variants);
  const targets = useEvals((s) => s.draft!.targets);
  const edit = useEvals((s) => s.edit);
  const change = (i: number, m: EvalMinimum) =>
    edit((d) => ({ ...d, minimums: d.minimums.map((x, j) => (j === i ? m : x)) }));
  const add = () =>
    edit((d) => ({
      ...d,
      minimums: [...d.minimums, { kind: 'pass-rate', of: 'checks', min: 0.8, gate: 'point' }],
    }));
  return (
    <section className="evals-section" aria-labelledby="evals-minimums-title">
      <div className="row">
        <h3 id="evals-minimums-title" className="grow">
          {t('evals.minimums.title')}
        </h3>
        <button type="button" className="small" disabled={minimums.length >= MINIMUMS_MAX} onClick={add}>
          + {t('evals.minimums.add')}
        </button>
      </div>
      <p className="small-note muted">{t('evals.minimums.note')}</p>
      <ul className="evals-checks">
        {minimums.map((m, i) => {
          const question = questionOf(m);
          const kind = kindOf(m);
          const at = (k: string) => issues.get(`minimums.${i}.${k}`) ?? issues.get(`minimums.${i}`);
          const toKind = (v: KindChoice) => {
            const of = v === 'checks' ? ('checks' as const) : { question };
            if (v === 'not-worse')
              return change(i, {
                kind: 'not-worse',
                of: m.kind === 'pass-rate' ? m.of : of,
                ...firstColumns(variants, targets),
                margin: 0,
              });
            const base =
              m.kind === 'not-worse'
                ? { gate: 'point' as const }
                : { gate: m.gate, ...(m.column ? { column: m.column } : {}) };
            if (v === 'mean-score') change(i, { ...base, kind: 'mean-score', question, min: 1 });
            else change(i, { ...base, kind: 'pass-rate', of, min: 0.8 });
          };
          return (
            <li key={i} className="row evals-wrap">
              <div className="field">
                <label htmlFor={`eval-min-${i}-kind`}>{t('evals.minimums.kind')}</label>
                <select
                  id={`eval-min-${i}-kind`}
                  value={kind}
                  onChange={(e) => toKind(e.target.value as KindChoice)}
                >
                  <option value="checks">{t('evals.minimums.checks')}</option>
                  <option value="question">{t('evals.minimums.question')}</option>
                  <option value="mean-score">{t('evals.minimums.meanScore')}</option>
                  <option value="not-worse">{t('evals.minimums.notWorse')}</option>
                </select>
              </div>
              {m.kind === 'not-worse' ? (
                <div className="field">
                  <label htmlFor={`eval-min-${i}-of`}>{t('evals.minimums.compareOn')}</label>
                  <select
                    id={`eval-min-${i}-of`}
                    value={m.of === 'checks' ? 'checks' : 'question'}
                    onChange={(e) =>
                      change(i, { ...m, of: e.target.value === 'checks' ? 'checks' : { question } })
                    }
                  >
                    <option value="checks">{t('evals.minimums.checks')}</option>
                    <option value="question">{t('evals.minimums.anyQuestion')}</option>
                  </select>
                </div>
              ) : null}
              {m.kind === 'mean-score' || m.of !== 'checks' ? (
                <TextField
                  id={`eval-min-${i}-question`}
                  label={t('evals.minimums.questionName')}
                  value={question}
                  error={issues.get(`minimums.${i}.question`) ?? issues.get(`minimums.${i}.of.question`)}
                  onChange={(q) =>
                    change(i, m.kind === 'mean-score' ? { ...m, question: q } : { ...m, of: { question: q } })
                  }
                />
              ) : null}
              {m.kind === 'not-worse' ? (
                <NotWorseFields index={i} minimum={m} onChange={(n) => change(i, n)} issueAt={at} />
              ) : (
                <GateFields index={i} minimum={m} onChange={(n) => change(i, n)} issueAt={at} />
              )}
              <IconButton
                glyph="×"
                label={t('evals.minimums.remove', { n: i + 1 })}
                onClick={() => edit((d) => ({ ...d, minimums: d.minimums.filter((_, j) => j !== i) }))}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A pass rate's or a mean score's least value, and whether its estimate or its lower bound must reach it. */
function GateFields(p: {
  index: number;
  minimum: Gated;
  onChange: (m: Gated) => void;
  issueAt: (k: string) => string | undefined;
}) {
  const m = p.minimum;
  const i = p.index;
  return (
    <>
      <NumberField
        id={`eval-min-${i}-min`}
        label={m.kind === 'mean-score' ? t('evals.minimums.minScore') : t('evals.minimums.minRate')}
        step={m.kind === 'mean-score' ? '0.1' : '0.01'}
        min={0}
        max={m.kind === 'mean-score' ? 25 : 1}
        value={m.min}
        error={p.issueAt('min')}
        onChange={(n) => p.onChange({ ...m, min: n ?? 0 })}
      />
      <div className="field">
        <label htmlFor={`eval-min-${i}-gate`}>{t('evals.minimums.gate')}</label>
        <select
          id={`eval-min-${i}-gate`}
          value={m.gate}
          onChange={(e) => p.onChange({ ...m, gate: e.target.value as Gated['gate'] })}
        >
          <option value="point">{t('evals.minimums.point')}</option>
          <option value="lower-bound">{t('evals.minimums.lowerBound')}</option>
        </select>
      </div>
    </>
  );
}
