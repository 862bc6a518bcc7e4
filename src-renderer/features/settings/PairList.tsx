import type { ReactNode } from 'react';
import { IconButton } from '../../app/IconButton';

/**
 * A labelled list of rows the user adds to and removes from (a profile's headers, its query
 * parameters): each row's own inputs, then its remove button; an add button below.
 */
export function PairList<T>({
  id,
  label,
  items,
  row,
  removeLabel,
  addLabel,
  onChange,
  blank,
}: {
  id: string;
  label: string;
  items: T[];
  /** The row's inputs; `set` merges a change into the item. */
  row: (item: T, index: number, set: (patch: Partial<T>) => void) => ReactNode;
  removeLabel: (index: number) => string;
  addLabel: string;
  onChange: (items: T[]) => void;
  /** A new row's item. */
  blank: () => T;
}) {
  return (
    <div className="field">
      <span className="label-text" id={id}>
        {label}
      </span>
      <ul className="pair-list" aria-labelledby={id}>
        {items.map((item, i) => (
          <li key={i} className="row">
            {row(item, i, (patch) => onChange(items.map((x, j) => (j === i ? { ...x, ...patch } : x))))}
            <IconButton
              label={removeLabel(i)}
              glyph="×"
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            />
          </li>
        ))}
      </ul>
      <button type="button" className="ghost small" onClick={() => onChange([...items, blank()])}>
        {addLabel}
      </button>
    </div>
  );
}
