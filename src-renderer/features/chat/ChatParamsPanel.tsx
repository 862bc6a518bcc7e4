import { SidePanel } from '../../app/SidePanel';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChatParamsInput } from '../../../src-shared/chat/conversation';
import { ModelPicker } from '../../app/ModelPicker';
import { recallModel } from '../../app/model-memory';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { ChatExtraFields } from './ChatExtraFields';
import { VariablesPanel } from './VariablesPanel';
import { PresetBar } from './PresetBar';
import { useChat } from './chat-store';
import { looksLikeChat } from './chat-model-default';

type Field = 'temperature' | 'top_p' | 'max_tokens';
const LIMITS: Record<Field, { min: number; max: number; step: number; integer?: boolean }> = {
  temperature: { min: 0, max: 2, step: 0.1 },
  top_p: { min: 0, max: 1, step: 0.05 },
  max_tokens: { min: 1, max: 1_000_000, step: 1, integer: true },
};

/** Returns the problem with a typed value, or undefined; empty means "the gateway's default". */
export function paramProblem(field: Field, raw: string): string | undefined {
  if (raw.trim() === '') return undefined;
  const n = Number(raw);
  const l = LIMITS[field];
  if (l.integer && (!Number.isInteger(n) || n < 1)) return t('chat.fieldInteger', { field });
  if (!Number.isFinite(n) || n < l.min || n > l.max)
    return t('chat.fieldRange', { field, min: l.min, max: l.max });
  return undefined;
}

function ParamInput({ field, label }: { field: Field; label: string }) {
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

function pickDefault(ids: string[]): string {
  return ids.find(looksLikeChat) ?? ids[0] ?? '';
}

export function ChatParamsPanel() {
  const profiles = useRoute('profiles.list', {});
  const activeId = profiles.data?.activeId;
  const models = useRoute('models.list', { profileId: activeId }, { enabled: activeId !== undefined });
  const list = useMemo(() => models.data ?? [], [models.data]);
  // One selector each: the whole store changes with every message and streamed frame.
  const model = useChat((s) => s.model);
  const setModel = useChat((s) => s.setModel);
  const system = useChat((s) => s.system);
  const setSystem = useChat((s) => s.setSystem);
  // A model picked for one profile rarely exists on another: on a profile switch (or first
  // start) pick this profile's default unless the current model is offered here too.
  const pickedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!models.data || activeId === undefined || pickedFor.current === activeId) return;
    pickedFor.current = activeId;
    // The picker restores the model last used with this profile; that choice stands.
    if (recallModel('chat', activeId)) return;
    const ids = models.data.map((m) => m.id);
    if (ids.length && (!model || !ids.includes(model))) setModel(pickDefault(ids));
  }, [activeId, model, models.data, setModel]);

  return (
    <SidePanel id="chatParams" side="end" className="params" label={t('chat.settings')}>
      <PresetBar profileId={activeId} />
      <ModelPicker
        id="chat-model"
        label={t('chat.model')}
        value={model}
        onChange={setModel}
        models={list}
        kind="chat"
        scope="chat"
        profileId={activeId}
        placeholder={t('chat.modelPlaceholder')}
        listError={models.isError ? t('chat.modelsFailed') : undefined}
      />
      <div className="field">
        <label htmlFor="chat-system">{t('chat.system')}</label>
        <textarea
          id="chat-system"
          rows={5}
          value={system}
          placeholder={t('chat.systemPlaceholder')}
          onChange={(e) => setSystem(e.target.value)}
        />
      </div>
      <VariablesPanel />
      <ParamInput field="temperature" label={t('chat.temperature')} />
      <ParamInput field="top_p" label={t('chat.topP')} />
      <ParamInput field="max_tokens" label={t('chat.maxTokens')} />
      <ChatExtraFields />
      <p className="muted small-note">{t('app.shortcuts')}</p>
    </SidePanel>
  );
}
