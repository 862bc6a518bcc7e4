import { SidePanel } from '../../app/SidePanel';
import { useEffect, useMemo, useRef } from 'react';
import { ModelPicker } from '../../app/ModelPicker';
import { recallModel } from '../../app/model-memory';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { ChatExtraFields } from './ChatExtraFields';
// Folded until opened, and loaded then (lazy-chat-parts.tsx).
import { MoreParams, ToolsEditor } from './lazy-chat-parts';
import { ParamInput } from './ParamInput';
import { ResponseFormatControl } from './ResponseFormatControl';
import { VariablesPanel } from './VariablesPanel';
import { PresetBar } from './PresetBar';
import { useChat } from './chat-store';
import { looksLikeChat } from './chat-model-default';

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
      <ResponseFormatControl />
      <MoreParams />
      <ToolsEditor />
      <ChatExtraFields />
      <p className="muted small-note">{t('app.shortcuts')}</p>
    </SidePanel>
  );
}
