import { useMemo } from 'react';
import type { EvalTarget } from '../../../src-shared/evals/eval-definition';
import { TARGETS_MAX } from '../../../src-shared/evals/eval-limits';
import { IconButton } from '../../app/IconButton';
import { ModelPicker } from '../../app/ModelPicker';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { freshId } from './eval-draft';
import { useEvals } from './evals-store';
import { FieldError } from './form-parts';

/** The 1–4 targets, each a profile and a model: several gateways in one eval. */
export function TargetsEditor({ issues }: { issues: Map<string, string> }) {
  const targets = useEvals((s) => s.draft!.targets);
  const edit = useEvals((s) => s.edit);
  const profiles = useRoute('profiles.list', {});
  const change = (i: number, patch: Partial<EvalTarget>) =>
    edit((d) => ({ ...d, targets: d.targets.map((x, j) => (j === i ? { ...x, ...patch } : x)) }));
  const add = () =>
    edit((d) => ({
      ...d,
      targets: [
        ...d.targets,
        {
          id: freshId('t', d.targets),
          profileId: d.targets[0]?.profileId ?? profiles.data?.activeId ?? '',
          model: '',
        },
      ],
    }));
  return (
    <section className="evals-section" aria-labelledby="evals-targets-title">
      <div className="row">
        <h3 id="evals-targets-title" className="grow">
          {t('evals.targets.title', { n: targets.length, max: TARGETS_MAX })}
        </h3>
        <button type="button" className="small" disabled={targets.length >= TARGETS_MAX} onClick={add}>
          + {t('evals.targets.add')}
        </button>
      </div>
      {issues.get('targets') ? <p className="field-error">{issues.get('targets')}</p> : null}
      <div className="evals-cards">
        {targets.map((x, i) => (
          <TargetRow
            key={x.id}
            x={x}
            i={i}
            profiles={profiles.data?.profiles ?? []}
            error={issues.get(`targets.${i}`) ?? issues.get(`targets.${i}.id`)}
            modelError={issues.get(`targets.${i}.model`)}
            profileError={issues.get(`targets.${i}.profileId`)}
            canRemove={targets.length > 1}
            onChange={(patch) => change(i, patch)}
            onRemove={() => edit((d) => ({ ...d, targets: d.targets.filter((_, j) => j !== i) }))}
          />
        ))}
      </div>
    </section>
  );
}

function TargetRow(p: {
  x: EvalTarget;
  i: number;
  profiles: readonly { id: string; name: string }[];
  error?: string;
  modelError?: string;
  profileError?: string;
  canRemove: boolean;
  onChange: (patch: Partial<EvalTarget>) => void;
  onRemove: () => void;
}) {
  const { x, i } = p;
  const models = useRoute('models.list', { profileId: x.profileId }, { enabled: !!x.profileId });
  const list = useMemo(() => models.data ?? [], [models.data]);
  const known = p.profiles.some((pr) => pr.id === x.profileId);
  return (
    <fieldset className="evals-card evals-target">
      <legend>{t('evals.targets.legend', { n: i + 1 })}</legend>
      <div className="row evals-wrap">
        <div className="field">
          <label htmlFor={`eval-t${i}-profile`}>{t('evals.targets.profile')}</label>
          <select
            id={`eval-t${i}-profile`}
            value={x.profileId}
            aria-invalid={p.profileError !== undefined}
            onChange={(e) => p.onChange({ profileId: e.target.value })}
          >
            {known ? null : (
              <option value={x.profileId}>{t('evals.targets.unknownProfile', { id: x.profileId })}</option>
            )}
            {p.profiles.map((pr) => (
              <option key={pr.id} value={pr.id}>
                {pr.name}
              </option>
            ))}
          </select>
          <FieldError id={`eval-t${i}-profile-err`} message={p.profileError} />
        </div>
        <div className="grow">
          <ModelPicker
            id={`eval-t${i}-model`}
            label={t('evals.targets.model')}
            value={x.model}
            onChange={(model) => p.onChange({ model })}
            models={list}
            kind="chat"
            scope="compare"
            profileId={x.profileId}
            restore={false}
            listError={models.isError ? t('evals.targets.modelsFailed') : undefined}
            invalid={p.modelError !== undefined}
            describedBy={p.modelError ? `eval-t${i}-model-err` : undefined}
          >
            <FieldError id={`eval-t${i}-model-err`} message={p.modelError} />
          </ModelPicker>
        </div>
        {p.canRemove ? (
          <IconButton glyph="×" label={t('evals.targets.remove', { n: i + 1 })} onClick={p.onRemove} />
        ) : null}
      </div>
      <FieldError id={`eval-t${i}-err`} message={p.error} />
    </fieldset>
  );
}
