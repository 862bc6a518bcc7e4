import { t } from '../../i18n/i18n';
import { ChecksEditor } from './ChecksEditor';
import { DatasetSummary } from './DatasetSummary';
import { GraderEditor } from './GraderEditor';
import { MinimumsEditor } from './MinimumsEditor';
import { TargetsEditor } from './TargetsEditor';
import { VariantsEditor } from './VariantsEditor';
import { NumberField } from './form-parts';
import { useEvals } from './evals-store';

/** The eval's definition, section by section, each problem under its field (`issues` by path). */
export function DefinitionForm({ issues }: { issues: Map<string, string> }) {
  const repeats = useEvals((s) => s.draft!.repeats);
  return (
    <div className="evals-form">
      <DatasetSummary issues={issues} />
      <VariantsEditor issues={issues} />
      <TargetsEditor issues={issues} />
      <GraderEditor issues={issues} />
      <ChecksEditor issues={issues} />
      <section className="evals-section" aria-labelledby="evals-repeats-title">
        <h3 id="evals-repeats-title">{t('evals.repeats.title')}</h3>
        <NumberField
          id="eval-repeats"
          label={t('evals.repeats.label')}
          step="1"
          min={1}
          max={10}
          value={repeats}
          error={issues.get('repeats')}
          onChange={(n) => useEvals.getState().edit((d) => ({ ...d, repeats: n ?? 1 }))}
        />
        <p className="small-note muted">{t('evals.repeats.note')}</p>
      </section>
      <MinimumsEditor issues={issues} />
    </div>
  );
}
