import type { ReactNode } from 'react';

/** The problem under a field: main's words after a refused save, or the window's before it. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="field-error">
      {message}
    </span>
  ) : null;
}

/** A labelled text input or text area whose problem, if any, is named under it. */
export function TextField(p: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  multiline?: boolean;
  /** A text area's height in lines. */
  rows?: number;
  placeholder?: string;
  note?: ReactNode;
  className?: string;
}) {
  const errId = `${p.id}-err`;
  const common = {
    id: p.id,
    value: p.value,
    placeholder: p.placeholder,
    'aria-invalid': p.error !== undefined,
    'aria-describedby': p.error !== undefined ? errId : undefined,
  };
  return (
    <div className={p.className ? `field ${p.className}` : 'field'}>
      <label htmlFor={p.id}>{p.label}</label>
      {p.multiline ? (
        <textarea {...common} rows={p.rows ?? 3} onChange={(e) => p.onChange(e.target.value)} />
      ) : (
        <input {...common} onChange={(e) => p.onChange(e.target.value)} />
      )}
      <FieldError id={errId} message={p.error} />
      {p.note ? <span className="small-note muted">{p.note}</span> : null}
    </div>
  );
}

/** A number input that keeps what is typed; an empty or unreadable field is `undefined`. */
export function NumberField(p: {
  id: string;
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  error?: string;
  step?: string;
  min?: number;
  max?: number;
}) {
  const errId = `${p.id}-err`;
  return (
    <div className="field evals-number">
      <label htmlFor={p.id}>{p.label}</label>
      <input
        id={p.id}
        type="number"
        step={p.step ?? 'any'}
        min={p.min}
        max={p.max}
        value={p.value ?? ''}
        aria-invalid={p.error !== undefined}
        aria-describedby={p.error !== undefined ? errId : undefined}
        onChange={(e) => {
          const n = e.target.valueAsNumber;
          p.onChange(e.target.value === '' || Number.isNaN(n) ? undefined : n);
        }}
      />
      <FieldError id={errId} message={p.error} />
    </div>
  );
}
