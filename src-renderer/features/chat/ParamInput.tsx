import { useEffect, useState } from 'react';
import type { ChatParamsInput } from '../../../src-shared/chat/conversation';
import { t } from '../../i18n/i18n';
import { useChat } from './chat-store';

export type NumberField =
  'temperature' | 'top_p' | 'max_tokens' | 'seed' | 'presence_penalty' | 'frequency_penalty' | 'top_logprobs';
/** The API's ranges, as main checks them (src-shared/chat/conversation.ts). */
const LIMITS: Record<NumberField, { min: number; max: number; step: number; integer?: boolean }> = {
  temperature: { min: 0, max: 2, step: 0.1 },
  top_p: { min: 0, max: 1, step: 0.05 },
  max_tokens: { min: 1, max: 1_000_000, step: 1, integer: true },
  seed: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, step: 1, integer: true },
  presence_penalty: { min: -2, max: 2, step: 0.1 },
  frequency_penalty: { min: -2, max: 2, step: 0.1 },
  top_logprobs: { min: 0, max: 20, step: 1, integer: true },
};

/** Returns the problem with a typed value, or undefined; empty means "the gateway's default". */
export function paramProblem(field: NumberField, raw: string): string | undefined {
  if (raw.trim() === '') return undefined;
  const n = Number(raw);
  const l = LIMITS[field];
  if (field === 'max_tokens' && (!Number.isInteger(n) || n < 1)) return t('chat.fieldInteger', { field });
  if (l.integer && !Number.isInteger(n)) return t('chat.fieldWhole', { field });
  if (!Number.isFinite(n) || n < l.min || n > l.max)
    return t('chat.fieldRange', { field, min: l.min, max: l.max });
  return undefined;
}

export function ParamInput({
  field,
  label,
  disabled,
}: {
  field: NumberField;
  label: string;
  disabled?: boolean;
}) {
  const params = useChat((s) => s.params);
  const setParams = useChat((s) => s.setParams);
  const [raw, setRaw] = useState(params[field]?.toString() ?? '');
  useEffect(() => setRaw(params[field]?.toString() ?? ''), [params, field]);
  const problem = paramProblem(field, raw);
  const id = `param-${field}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={LIMITS[field].step}
        min={LIMITS[field].min}
        max={LIMITS[field].max}
        placeholder={t('chat.default')}
        disabled={disabled}
        value={raw}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? `${id}-err` : undefined}
        onChange={(e) => {
          setRaw(e.target.value);
          if (!paramProblem(field, e.target.value)) {
            const next: ChatParamsInput = { ...params };
            if (e.target.value.trim() === '') delete next[field];
            else next[field] = Number(e.target.value);
            setParams(next);
          }
        }}
      />
      {problem ? (
        <span id={`${id}-err`} className="field-error">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
