import type { EvalMinimum } from '../../../src-shared/evals/eval-definition';
import { MINIMUMS_MAX } from '../../../src-shared/evals/eval-limits';
import { IconButton } from '../../app/IconButton';
import { t } from '../../i18n/i18n';
import { useEvals } from './evals-store';
import { NumberField, TextField } from './form-parts';

/** What a run must reach, for every column: a pass rate (of the checks or a noul question) or a mean score. */
export function MinimumsEditor({ issues }: { issues: Map<string, string> }) {
  const minimums = useEvals((s) => s.draft!.minimums);
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
          const question = m.kind === 'mean-score' ? m.question : m.of === 'checks' ? '' : m.of.question;
          const at = (k: string) => issues.get(`minimums.${i}.${k}`) ?? issues.get(`minimums.${i}`);
          return (
            <li key={i} className="row evals-wrap">
              <div className="field">
                <label htmlFor={`eval-min-${i}-kind`}>{t('evals.minimums.kind')}</label>
                <select
                  id={`eval-min-${i}-kind`}
                  value={m.kind === 'mean-score' ? 'mean-score' : m.of === 'checks' ? 'checks' : 'question'}
                  onChange={(e) => {
                    const v = e.target.value;
                    const base = { gate: m.gate, ...(m.column ? { column: m.column } : {}) };
                    if (v === 'checks') change(i, { ...base, kind: 'pass-rate', of: 'checks', min: 0.8 });
                    else if (v === 'question')
                      change(i, { ...base, kind: 'pass-rate', of: { question }, min: 0.8 });
                    else change(i, { ...base, kind: 'mean-score', question, min: 1 });
                  }}
                >
                  <option value="checks">{t('evals.minimums.checks')}</option>
                  <option value="question">{t('evals.minimums.question')}</option>
                  <option value="mean-score">{t('evals.minimums.meanScore')}</option>
                </select>
              </div>
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
              <NumberField
                id={`eval-min-${i}-min`}
                label={m.kind === 'mean-score' ? t('evals.minimums.minScore') : t('evals.minimums.minRate')}
                step={m.kind === 'mean-score' ? '0.1' : '0.01'}
                min={0}
                max={m.kind === 'mean-score' ? 25 : 1}
                value={m.min}
                error={at('min')}
                onChange={(n) => change(i, { ...m, min: n ?? 0 })}
              />
              <div className="field">
                <label htmlFor={`eval-min-${i}-gate`}>{t('evals.minimums.gate')}</label>
                <select
                  id={`eval-min-${i}-gate`}
                  value={m.gate}
                  onChange={(e) => change(i, { ...m, gate: e.target.value as EvalMinimum['gate'] })}
                >
                  <option value="point">{t('evals.minimums.point')}</option>
                  <option value="lower-bound">{t('evals.minimums.lowerBound')}</option>
                </select>
              </div>
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
