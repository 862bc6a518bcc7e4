import type { ReactNode } from 'react';

export interface SelectFieldProps<T extends string> {
  id: string;
  label: ReactNode;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  /** How an option reads; the raw value by default. */
  optionLabel?: (value: T) => string;
  describedBy?: string;
  /** Shown under the select, e.g. a hint or a field error. */
  children?: ReactNode;
  className?: string;
}

/** A labelled select over a fixed list of values: every form's pickers (size, ratio, kind, ...). */
export function SelectField<T extends string>(p: SelectFieldProps<T>) {
  return (
    <div className={p.className ? `field ${p.className}` : 'field'}>
      <label htmlFor={p.id}>{p.label}</label>
      <select
        id={p.id}
        value={p.value}
        aria-describedby={p.describedBy}
        onChange={(e) => p.onChange(e.target.value as T)}
      >
        {p.options.map((o) => (
          <option key={o} value={o}>
            {p.optionLabel ? p.optionLabel(o) : o}
          </option>
        ))}
      </select>
      {p.children}
    </div>
  );
}
