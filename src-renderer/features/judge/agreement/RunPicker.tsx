import { useId } from 'react';
import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import { runLabel } from './run-label';

/** A labelled select of the set's runs, as the Agreement and Drift views pick them. */
export function RunPicker({
  label,
  runs,
  value,
  onPick,
  placeholder,
}: {
  label: string;
  runs: readonly BatchRunView[];
  value: string | undefined;
  onPick: (id: string) => void;
  /** Shown (and not choosable) while no run is picked. */
  placeholder?: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onPick(e.target.value)}>
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {runs.map((r) => (
          <option key={r.id} value={r.id}>
            {runLabel(r)}
          </option>
        ))}
      </select>
    </>
  );
}
