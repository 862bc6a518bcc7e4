import type { EvalMinimum } from '../../../src-shared/evals/eval-definition';
import { t } from '../../i18n/i18n';
import { useEvals } from './evals-store';
import { NumberField } from './form-parts';

type NotWorse = Extract<EvalMinimum, { kind: 'not-worse' }>;
type ColumnRef = NotWorse['a'];

const key = (c: ColumnRef) => `${c.variantId}\u0000${c.targetId}`;

/** "Column B is not worse than column A by more than a margin": the two columns and the margin. */
export function NotWorseFields(p: {
  index: number;
  minimum: NotWorse;
  onChange: (m: NotWorse) => void;
  issueAt: (k: string) => string | undefined;
}) {
  const variants = useEvals((s) => s.draft!.variants);
  const targets = useEvals((s) => s.draft!.targets);
  const columns: { ref: ColumnRef; label: string }[] = variants.flatMap((v) =>
    targets.map((tg) => ({ ref: { variantId: v.id, targetId: tg.id }, label: `${v.name} × ${tg.model}` })),
  );
  const pick = (side: 'a' | 'b') => {
    const id = `eval-min-${p.index}-${side}`;
    const current = p.minimum[side];
    const known = columns.some((c) => key(c.ref) === key(current));
    return (
      <div className="field">
        <label htmlFor={id}>{side === 'a' ? t('evals.minimums.columnA') : t('evals.minimums.columnB')}</label>
        <select
          id={id}
          value={key(current)}
          onChange={(e) => {
            const found = columns.find((c) => key(c.ref) === e.target.value);
            if (found) p.onChange({ ...p.minimum, [side]: found.ref });
          }}
        >
          {known ? null : (
            <option value={key(current)}>
              {current.variantId} × {current.targetId}
            </option>
          )}
          {columns.map((c) => (
            <option key={key(c.ref)} value={key(c.ref)}>
              {c.label}
            </option>
          ))}
        </select>
        {p.issueAt(side) ? <span className="field-error">{p.issueAt(side)}</span> : null}
      </div>
    );
  };
  return (
    <>
      {pick('a')}
      {pick('b')}
      <NumberField
        id={`eval-min-${p.index}-margin`}
        label={t('evals.minimums.margin')}
        step="0.01"
        min={0}
        max={25}
        value={p.minimum.margin}
        error={p.issueAt('margin')}
        onChange={(n) => p.onChange({ ...p.minimum, margin: n ?? 0 })}
      />
    </>
  );
}

/** The first two columns of the eval, for a new not-worse minimum (B = the second when there is one). */
export function firstColumns(
  variants: readonly { id: string }[],
  targets: readonly { id: string }[],
): { a: ColumnRef; b: ColumnRef } {
  const all = variants.flatMap((v) => targets.map((tg) => ({ variantId: v.id, targetId: tg.id })));
  const a = all[0] ?? { variantId: variants[0]?.id ?? 'a', targetId: targets[0]?.id ?? 't' };
  return { a, b: all[1] ?? a };
}
