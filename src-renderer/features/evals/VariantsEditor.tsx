import type { PromptVariant } from '../../../src-shared/evals/eval-definition';
import { VARIANTS_MAX } from '../../../src-shared/evals/eval-limits';
import { IconButton } from '../../app/IconButton';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { freshId, unknownPlaceholders } from './eval-draft';
import { useEvals } from './evals-store';
import { NumberField, TextField } from './form-parts';

type Params = PromptVariant['params'];

/** The 1–4 prompt variants: name, system and user templates with `{{column}}`, Chat's parameters. */
export function VariantsEditor({ issues }: { issues: Map<string, string> }) {
  const variants = useEvals((s) => s.draft!.variants);
  const columns = useEvals((s) => s.draft!.dataset.columns);
  const edit = useEvals((s) => s.edit);
  const change = (i: number, patch: Partial<PromptVariant>) =>
    edit((d) => ({ ...d, variants: d.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)) }));
  const add = () =>
    edit((d) => {
      const last = d.variants[d.variants.length - 1];
      const id = freshId('v', d.variants);
      const name = String.fromCharCode(65 + d.variants.length);
      return { ...d, variants: [...d.variants, { ...last, id, name }] };
    });
  return (
    <section className="evals-section" aria-labelledby="evals-variants-title">
      <div className="row">
        <h3 id="evals-variants-title" className="grow">
          {t('evals.variants.title', { n: variants.length, max: VARIANTS_MAX })}
        </h3>
        <button type="button" className="small" disabled={variants.length >= VARIANTS_MAX} onClick={add}>
          + {t('evals.variants.add')}
        </button>
      </div>
      <p className="small-note muted">{t('evals.variants.note')}</p>
      {issues.get('variants') ? <p className="field-error">{issues.get('variants')}</p> : null}
      <div className="evals-cards">
        {variants.map((v, i) => (
          <VariantCard
            key={v.id}
            v={v}
            i={i}
            columns={columns}
            issues={issues}
            canRemove={variants.length > 1}
            onChange={(patch) => change(i, patch)}
            onRemove={() => edit((d) => ({ ...d, variants: d.variants.filter((_, j) => j !== i) }))}
          />
        ))}
      </div>
    </section>
  );
}

/** The window's own word on a template's placeholders, until main's after a save. */
function placeholderProblem(text: string, columns: readonly string[]): string | undefined {
  const unknown = unknownPlaceholders(text, columns);
  return unknown.length > 0
    ? t('evals.variants.notColumn', {
        names: unknown.map((n) => `{{${n}}}`).join(', '),
        columns: columns.join(', '),
      })
    : undefined;
}

function VariantCard(p: {
  v: PromptVariant;
  i: number;
  columns: readonly string[];
  issues: Map<string, string>;
  canRemove: boolean;
  onChange: (patch: Partial<PromptVariant>) => void;
  onRemove: () => void;
}) {
  const { v, i, issues } = p;
  const at = (field: string) => issues.get(`variants.${i}.${field}`);
  const param = (key: keyof Params) =>
    typeof v.params[key] === 'number' ? (v.params[key] as number) : undefined;
  const setParam = (key: keyof Params, value: number | undefined) => {
    const { [key]: _old, ...rest } = v.params;
    p.onChange({ params: value === undefined ? rest : { ...rest, [key]: value } });
  };
  return (
    <fieldset className="evals-card">
      <legend>{t('evals.variants.legend', { name: v.name || v.id })}</legend>
      <div className="row evals-wrap">
        <TextField
          id={`eval-v${i}-name`}
          label={t('evals.variants.name')}
          value={v.name}
          error={at('name') ?? at('id')}
          onChange={(name) => p.onChange({ name })}
        />
        <PresetFill idx={i} onFill={(patch) => p.onChange(patch)} />
        {p.canRemove ? (
          <IconButton
            glyph="×"
            label={t('evals.variants.remove', { name: v.name || v.id })}
            onClick={p.onRemove}
          />
        ) : null}
      </div>
      <TextField
        id={`eval-v${i}-system`}
        label={t('evals.variants.system')}
        multiline
        value={v.system}
        error={at('system') ?? placeholderProblem(v.system, p.columns)}
        onChange={(system) => p.onChange({ system })}
      />
      <TextField
        id={`eval-v${i}-user`}
        label={t('evals.variants.user')}
        multiline
        rows={4}
        value={v.user}
        placeholder={`{{${p.columns[0] ?? 'input'}}}`}
        error={at('user') ?? placeholderProblem(v.user, p.columns)}
        onChange={(user) => p.onChange({ user })}
      />
      <div className="row evals-wrap">
        <NumberField
          id={`eval-v${i}-temperature`}
          label={t('evals.params.temperature')}
          min={0}
          max={2}
          step="0.1"
          value={param('temperature')}
          error={at('params.temperature')}
          onChange={(n) => setParam('temperature', n)}
        />
        <NumberField
          id={`eval-v${i}-top_p`}
          label={t('evals.params.topP')}
          min={0}
          max={1}
          step="0.05"
          value={param('top_p')}
          error={at('params.top_p')}
          onChange={(n) => setParam('top_p', n)}
        />
        <NumberField
          id={`eval-v${i}-max_tokens`}
          label={t('evals.params.maxTokens')}
          min={1}
          step="1"
          value={param('max_tokens')}
          error={at('params.max_tokens')}
          onChange={(n) => setParam('max_tokens', n)}
        />
        <NumberField
          id={`eval-v${i}-seed`}
          label={t('evals.params.seed')}
          step="1"
          value={param('seed')}
          error={at('params.seed')}
          onChange={(n) => setParam('seed', n)}
        />
      </div>
    </fieldset>
  );
}

/** "From a Chat preset…": its system prompt and parameters fill the variant (presets have no user text). */
function PresetFill({ idx, onFill }: { idx: number; onFill: (patch: Partial<PromptVariant>) => void }) {
  const presets = useRoute('chat.presets.list', {});
  const list = presets.data ?? [];
  return (
    <div className="field">
      <label htmlFor={`eval-v${idx}-preset`}>{t('evals.variants.preset')}</label>
      <select
        id={`eval-v${idx}-preset`}
        value=""
        disabled={list.length === 0}
        onChange={(e) => {
          const preset = list.find((x) => x.id === e.target.value);
          if (preset) onFill({ system: preset.system, params: { ...preset.params } });
        }}
      >
        <option value="">
          {list.length === 0 ? t('evals.variants.noPresets') : t('evals.variants.pickPreset')}
        </option>
        {list.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
    </div>
  );
}
