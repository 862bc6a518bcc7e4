import { useMemo, useState } from 'react';
import type { EvalGrader, StateTemplate } from '../../../src-shared/evals/eval-definition';
import { JUDGE_MODELS } from '../../../src-shared/judge/judge-estimate';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { graderNames, unknownPlaceholders } from './eval-draft';
import { useEvals } from './evals-store';
import { FieldError, NumberField, TextField } from './form-parts';

const MODES: StateTemplate['mode'][] = ['default', 'text', 'json', 'list'];

/** A state template of `mode`, carrying over what can be carried from `from`. */
function templateOf(mode: StateTemplate['mode'], columns: string[]): StateTemplate {
  const firstLine = `${columns.map((c) => `{{${c}}}`).join('\n')}\n{{reply}}`;
  if (mode === 'text') return { mode, template: firstLine };
  if (mode === 'json')
    return {
      mode,
      template: Object.fromEntries([...columns.map((c) => [c, `{{${c}}}`]), ['reply', '{{reply}}']]),
    };
  if (mode === 'list') return { mode, template: [...columns.map((c) => `{{${c}}}`), '{{reply}}'] };
  return { mode: 'default' };
}

/** The grader (a saved set at a pinned revision, a judge model, the state's template) and the similarity check. */
export function GraderEditor({ issues }: { issues: Map<string, string> }) {
  const grader = useEvals((s) => s.draft!.grader);
  const dataset = useEvals((s) => s.draft!.dataset);
  const columns = dataset.columns;
  const names = useMemo(() => graderNames(dataset), [dataset]);
  const edit = useEvals((s) => s.edit);
  const sets = useRoute('judge.sets.list', {});
  const setId = grader?.set.kind === 'saved' ? grader.set.setId : undefined;
  const revisions = useRoute('judge.sets.revisions', { id: setId ?? '' }, { enabled: !!setId });
  const setGrader = (g: EvalGrader | undefined) =>
    edit((d) => {
      const { grader: _g, ...rest } = d;
      return g ? { ...rest, grader: g } : rest;
    });
  const at = (path: string) => issues.get(`grader.${path}`);
  return (
    <section className="evals-section" aria-labelledby="evals-grader-title">
      <h3 id="evals-grader-title">{t('evals.grader.title')}</h3>
      <p className="small-note muted">{t('evals.grader.note')}</p>
      <div className="row evals-wrap">
        <div className="field">
          <label htmlFor="eval-grader-set">{t('evals.grader.set')}</label>
          <select
            id="eval-grader-set"
            value={grader?.set.kind === 'file' ? '@file' : (setId ?? '')}
            aria-invalid={at('set') !== undefined}
            onChange={(e) => {
              const picked = sets.data?.find((s) => s.id === e.target.value);
              if (!picked) return setGrader(undefined);
              setGrader({
                judgeModel: grader?.judgeModel ?? JUDGE_MODELS[0],
                state: grader?.state ?? { mode: 'default' },
                ...(grader?.profileId ? { profileId: grader.profileId } : {}),
                set: { kind: 'saved', setId: picked.id, revision: picked.revision },
              });
            }}
          >
            <option value="">{t('evals.grader.none')}</option>
            {grader?.set.kind === 'file' ? (
              <option value="@file">{t('evals.grader.file', { path: grader.set.path })}</option>
            ) : null}
            {sets.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <FieldError id="eval-grader-set-err" message={at('set') ?? at('set.setId')} />
        </div>
        {grader?.set.kind === 'saved' ? (
          <div className="field">
            <label htmlFor="eval-grader-revision">{t('evals.grader.revision')}</label>
            <select
              id="eval-grader-revision"
              value={grader.set.revision}
              onChange={(e) =>
                grader.set.kind === 'saved' &&
                setGrader({ ...grader, set: { ...grader.set, revision: Number(e.target.value) } })
              }
            >
              {(revisions.data ?? [{ revision: grader.set.revision, savedAt: 0, questionCount: 0 }]).map(
                (r) => (
                  <option key={r.revision} value={r.revision}>
                    {t('evals.grader.revisionOption', { n: r.revision, questions: r.questionCount })}
                  </option>
                ),
              )}
            </select>
            <FieldError id="eval-grader-revision-err" message={at('set.revision')} />
          </div>
        ) : null}
        {grader ? (
          <div className="field">
            <label htmlFor="eval-grader-model">{t('evals.grader.model')}</label>
            <select
              id="eval-grader-model"
              value={grader.judgeModel}
              onChange={(e) =>
                setGrader({ ...grader, judgeModel: e.target.value as EvalGrader['judgeModel'] })
              }
            >
              {JUDGE_MODELS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {grader ? (
        <StateTemplateField
          state={grader.state}
          names={names}
          columns={columns}
          issues={issues}
          onChange={(state) => setGrader({ ...grader, state })}
        />
      ) : null}
      <SimilarityFields issues={issues} />
    </section>
  );
}

function StateTemplateField(p: {
  state: StateTemplate;
  names: string[];
  columns: string[];
  issues: Map<string, string>;
  onChange: (s: StateTemplate) => void;
}) {
  const { state } = p;
  // JSON and list templates are edited as text; what does not read yet stays as typed.
  const shown =
    state.mode === 'text'
      ? state.template
      : state.mode === 'json'
        ? JSON.stringify(state.template, null, 2)
        : state.mode === 'list'
          ? state.template.join('\n')
          : '';
  const [text, setText] = useState(shown);
  const [unread, setUnread] = useState<string>();
  const fromMain = [...p.issues].find(([k]) => k.startsWith('grader.state'))?.[1];
  const unknown = unknownPlaceholders(text, p.names);
  const local = unknown.length
    ? t('evals.grader.notColumn', {
        names: unknown.map((n) => `{{${n}}}`).join(', '),
        columns: p.names.join(', '),
      })
    : undefined;
  const change = (value: string) => {
    setText(value);
    if (state.mode === 'text') return p.onChange({ mode: 'text', template: value });
    if (state.mode === 'list')
      return p.onChange({ mode: 'list', template: value.split('\n').filter((l) => l.trim() !== '') });
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('object');
      setUnread(undefined);
      p.onChange({ mode: 'json', template: parsed as Record<string, string> });
    } catch {
      setUnread(t('evals.grader.jsonUnread'));
    }
  };
  return (
    <div className="evals-state-template">
      <fieldset className="evals-radios">
        <legend>{t('evals.grader.state')}</legend>
        {MODES.map((m) => (
          <label key={m}>
            <input
              type="radio"
              name="eval-grader-state"
              checked={state.mode === m}
              onChange={() => {
                const next = templateOf(m, p.columns);
                setText(
                  next.mode === 'default'
                    ? ''
                    : next.mode === 'json'
                      ? JSON.stringify(next.template, null, 2)
                      : next.mode === 'list'
                        ? next.template.join('\n')
                        : next.template,
                );
                setUnread(undefined);
                p.onChange(next);
              }}
            />{' '}
            {t(`evals.grader.mode.${m}`)}
          </label>
        ))}
      </fieldset>
      {state.mode === 'default' ? (
        <p className="small-note muted">{t('evals.grader.defaultNote')}</p>
      ) : (
        <TextField
          id="eval-grader-template"
          label={t('evals.grader.template')}
          multiline
          value={text}
          error={unread ?? fromMain ?? local}
          note={t('evals.grader.templateNote', { names: p.names.map((n) => `{{${n}}}`).join(' ') })}
          onChange={change}
        />
      )}
    </div>
  );
}

/** Similarity to a reference column through the embeddings endpoint (cosine ≥ the threshold). */
function SimilarityFields({ issues }: { issues: Map<string, string> }) {
  const similarity = useEvals((s) => s.draft!.similarity);
  const dataset = useEvals((s) => s.draft!.dataset);
  const edit = useEvals((s) => s.edit);
  const references = [...(dataset.expectedColumn ? [dataset.expectedColumn] : []), ...dataset.columns];
  const at = (k: string) => issues.get(`similarity.${k}`);
  return (
    <div className="evals-similarity">
      <label className="evals-check-toggle">
        <input
          type="checkbox"
          checked={similarity !== undefined}
          onChange={(e) =>
            edit((d) => {
              const { similarity: _s, ...rest } = d;
              return e.target.checked
                ? {
                    ...rest,
                    similarity: { embeddingsModel: '', referenceColumn: references[0] ?? '', threshold: 0.8 },
                  }
                : rest;
            })
          }
        />{' '}
        {t('evals.similarity.toggle')}
      </label>
      {similarity ? (
        <div className="row evals-wrap">
          <TextField
            id="eval-sim-model"
            label={t('evals.similarity.model')}
            value={similarity.embeddingsModel}
            error={at('embeddingsModel')}
            onChange={(embeddingsModel) =>
              edit((d) => ({ ...d, similarity: { ...similarity, embeddingsModel } }))
            }
          />
          <div className="field">
            <label htmlFor="eval-sim-ref">{t('evals.similarity.reference')}</label>
            <select
              id="eval-sim-ref"
              value={similarity.referenceColumn}
              onChange={(e) =>
                edit((d) => ({ ...d, similarity: { ...similarity, referenceColumn: e.target.value } }))
              }
            >
              {references.includes(similarity.referenceColumn) ? null : (
                <option value={similarity.referenceColumn}>{similarity.referenceColumn}</option>
              )}
              {references.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <FieldError id="eval-sim-ref-err" message={at('referenceColumn')} />
          </div>
          <NumberField
            id="eval-sim-threshold"
            label={t('evals.similarity.threshold')}
            min={-1}
            max={1}
            step="0.05"
            value={similarity.threshold}
            error={at('threshold')}
            onChange={(n) => edit((d) => ({ ...d, similarity: { ...similarity, threshold: n ?? 0 } }))}
          />
        </div>
      ) : null}
    </div>
  );
}
