import { useState } from 'react';
import type { ChatPreset } from '../../../src-shared/chat/chat-preset';
import { extraText as textOfExtra, parseExtraText } from '../../../src-shared/request/extra-body';
import { ConfirmDeleteButton } from '../../app/ConfirmDeleteButton';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useModelMemory } from '../../app/model-memory';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { useChat } from './chat-store';

/** Puts a preset's model, system prompt, parameters, extra fields and variable values in the form. */
function applyPreset(p: ChatPreset, profileId: string | undefined): void {
  const s = useChat.getState();
  // The model picker restores the last model used with a profile: this one is now the last.
  if (profileId && p.model) useModelMemory.getState().remember('chat', profileId, p.model);
  useChat.setState({
    ...(p.model ? { model: p.model } : {}),
    system: p.system,
    params: p.params,
    extraText: textOfExtra(p.extra),
    variables: { ...s.variables, ...p.variables },
  });
}

/**
 * Named chat settings: one click puts a preset in the form; "Save as preset" keeps the form as
 * it is under a name (the same name replaces it).
 */
export function PresetBar({ profileId }: { profileId?: string }) {
  const presets = useRoute('chat.presets.list', {});
  const save = useRouteMutation('chat.presets.save', ['chat.presets.list']);
  const remove = useRouteMutation('chat.presets.delete', ['chat.presets.list']);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [applied, setApplied] = useState<string>();
  const list = presets.data ?? [];

  const onSave = async () => {
    const s = useChat.getState();
    const extra = parseExtraText(s.extraText, 'chat');
    const saved = await save
      .mutateAsync({
        name,
        model: s.model,
        system: s.system,
        params: s.params,
        ...(extra.ok && extra.value ? { extra: extra.value } : {}),
        ...(Object.keys(s.variables).length ? { variables: s.variables } : {}),
      })
      .catch(() => undefined);
    if (saved) {
      setNaming(false);
      setName('');
      setApplied(saved.id);
    }
  };

  return (
    <div className="presets" role="group" aria-label={t('presets.title')}>
      <div className="presets-head">
        <span className="presets-title">{t('presets.title')}</span>
        {!naming ? (
          <button type="button" className="ghost small" onClick={() => setNaming(true)}>
            {t('presets.saveAs')}
          </button>
        ) : null}
      </div>
      {naming ? (
        <form
          className="presets-save"
          onSubmit={(e) => {
            e.preventDefault();
            void onSave();
          }}
        >
          <input
            aria-label={t('presets.name')}
            placeholder={t('presets.name')}
            value={name}
            maxLength={60}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), setNaming(false))}
          />
          <button type="submit" className="small primary" disabled={!name.trim() || save.isPending}>
            {t('common.save')}
          </button>
          <button type="button" className="ghost small" onClick={() => setNaming(false)}>
            {t('common.cancel')}
          </button>
        </form>
      ) : null}
      {list.length === 0 && !naming ? <p className="muted small-note">{t('presets.empty')}</p> : null}
      <ul className="preset-list">
        {list.map((p) => (
          <li key={p.id} className={p.id === applied ? 'preset applied' : 'preset'}>
            <button
              type="button"
              className="ghost small preset-apply"
              title={t('presets.applyHint', { model: p.model || '—' })}
              onClick={() => {
                applyPreset(p, profileId);
                setApplied(p.id);
              }}
            >
              {p.name}
            </button>
            <ConfirmDeleteButton
              label={t('presets.delete', { name: p.name })}
              question={t('presets.confirmDelete', { name: p.name })}
              className="preset-confirm"
              pending={remove.isPending}
              onDelete={() => remove.mutateAsync({ id: p.id })}
            />
          </li>
        ))}
      </ul>
      {save.error ? <ErrorNotice error={save.error.error} onDismiss={() => save.reset()} /> : null}
      {remove.error ? <ErrorNotice error={remove.error.error} onDismiss={() => remove.reset()} /> : null}
    </div>
  );
}
