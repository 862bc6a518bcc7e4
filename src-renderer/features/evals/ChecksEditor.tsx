import { useMemo, useState } from 'react';
import type { EvalCheck, EvalCheckKind } from '../../../src-shared/evals/eval-check-schema';
import { CHECKS_MAX } from '../../../src-shared/evals/eval-limits';
import { IconButton } from '../../app/IconButton';
import { t } from '../../i18n/i18n';
import { CHECK_KINDS, graderNames, newCheck, unknownPlaceholders } from './eval-draft';
import { useEvals } from './evals-store';
import { NumberField, TextField } from './form-parts';

/** The cheap deterministic checks run on every reply (eval-check-schema.ts): add, edit, remove. */
export function ChecksEditor({ issues }: { issues: Map<string, string> }) {
  const checks = useEvals((s) => s.draft!.checks);
  const dataset = useEvals((s) => s.draft!.dataset);
  // A check reads the row and the reply it checks, so {{reply}} is not among its placeholders.
  const names = useMemo(() => graderNames(dataset).filter((n) => n !== 'reply'), [dataset]);
  const edit = useEvals((s) => s.edit);
  const [kind, setKind] = useState<EvalCheckKind>('contains');
  const change = (i: number, c: EvalCheck) =>
    edit((d) => ({ ...d, checks: d.checks.map((x, j) => (j === i ? c : x)) }));
  return (
    <section className="evals-section" aria-labelledby="evals-checks-title">
      <h3 id="evals-checks-title">{t('evals.checks.title')}</h3>
      <p className="small-note muted">{t('evals.checks.note')}</p>
      {checks.length === 0 ? <p className="small-note muted">{t('evals.checks.none')}</p> : null}
      <ul className="evals-checks">
        {checks.map((c, i) => (
          <li key={i} className="row evals-wrap">
            <strong className="evals-check-kind">{t(`evals.check.${c.kind}`)}</strong>
            <CheckFields c={c} i={i} names={names} issues={issues} onChange={(next) => change(i, next)} />
            <IconButton
              glyph="×"
              label={t('evals.checks.remove', { n: i + 1, kind: t(`evals.check.${c.kind}`) })}
              onClick={() => edit((d) => ({ ...d, checks: d.checks.filter((_, j) => j !== i) }))}
            />
          </li>
        ))}
      </ul>
      <div className="row">
        <label htmlFor="eval-check-kind" className="evals-sr-only">
          {t('evals.checks.kind')}
        </label>
        <select
          id="eval-check-kind"
          className="evals-kind-select"
          value={kind}
          onChange={(e) => setKind(e.target.value as EvalCheckKind)}
        >
          {CHECK_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`evals.check.${k}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="small"
          disabled={checks.length >= CHECKS_MAX}
          onClick={() => edit((d) => ({ ...d, checks: [...d.checks, newCheck(kind)] }))}
        >
          + {t('evals.checks.add')}
        </button>
      </div>
    </section>
  );
}

function CheckFields(p: {
  c: EvalCheck;
  i: number;
  names: string[];
  issues: Map<string, string>;
  onChange: (c: EvalCheck) => void;
}) {
  const { c, i } = p;
  const at = (field: string) => p.issues.get(`checks.${i}.${field}`) ?? p.issues.get(`checks.${i}`);
  const id = (field: string) => `eval-check-${i}-${field}`;
  switch (c.kind) {
    case 'contains':
    case 'not-contains': {
      const unknown = unknownPlaceholders(c.text, p.names);
      return (
        <>
          <TextField
            id={id('text')}
            label={t('evals.checks.text')}
            value={c.text}
            error={
              at('text') ??
              (unknown.length
                ? t('evals.variants.notColumn', {
                    names: unknown.map((n) => `{{${n}}}`).join(', '),
                    columns: p.names.join(', '),
                  })
                : undefined)
            }
            onChange={(text) => p.onChange({ ...c, text })}
          />
          <label>
            <input
              type="checkbox"
              checked={c.ignoreCase}
              onChange={(e) => p.onChange({ ...c, ignoreCase: e.target.checked })}
            />{' '}
            {t('evals.checks.ignoreCase')}
          </label>
        </>
      );
    }
    case 'regex':
      return (
        <>
          <TextField
            id={id('pattern')}
            label={t('evals.checks.pattern')}
            value={c.pattern}
            error={at('pattern')}
            onChange={(pattern) => p.onChange({ ...c, pattern })}
          />
          <TextField
            id={id('flags')}
            label={t('evals.checks.flags')}
            value={c.flags}
            error={p.issues.get(`checks.${i}.flags`)}
            onChange={(flags) => p.onChange({ ...c, flags })}
          />
        </>
      );
    case 'valid-json':
      return <span className="small-note muted">{t('evals.checks.validJsonNote')}</span>;
    case 'json-schema':
      return <SchemaField c={c} id={id('schema')} error={at('schema')} onChange={p.onChange} />;
    case 'max-length':
      return (
        <NumberField
          id={id('chars')}
          label={t('evals.checks.chars')}
          step="1"
          min={1}
          value={c.chars}
          error={at('chars')}
          onChange={(n) => p.onChange({ ...c, chars: n ?? 0 })}
        />
      );
    case 'max-latency':
      return (
        <NumberField
          id={id('ms')}
          label={t('evals.checks.ms')}
          step="1"
          min={1}
          value={c.ms}
          error={at('ms')}
          onChange={(n) => p.onChange({ ...c, ms: n ?? 0 })}
        />
      );
    case 'max-cost':
      return (
        <NumberField
          id={id('yuan')}
          label={t('evals.checks.yuan')}
          step="0.01"
          min={0}
          value={c.yuan}
          error={at('yuan')}
          onChange={(n) => p.onChange({ ...c, yuan: n ?? 0 })}
        />
      );
  }
}

/** A JSON Schema typed as text: kept as typed until it reads as a JSON object. */
function SchemaField(p: {
  c: Extract<EvalCheck, { kind: 'json-schema' }>;
  id: string;
  error?: string;
  onChange: (c: EvalCheck) => void;
}) {
  const [text, setText] = useState(JSON.stringify(p.c.schema, null, 2));
  const [unread, setUnread] = useState(false);
  return (
    <TextField
      id={p.id}
      className="grow"
      label={t('evals.checks.schema')}
      multiline
      value={text}
      error={unread ? t('evals.checks.schemaUnread') : p.error}
      onChange={(value) => {
        setText(value);
        try {
          const parsed: unknown = JSON.parse(value);
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
            throw new Error('object');
          setUnread(false);
          p.onChange({ ...p.c, schema: parsed as Record<string, unknown> });
        } catch {
          setUnread(true);
        }
      }}
    />
  );
}
