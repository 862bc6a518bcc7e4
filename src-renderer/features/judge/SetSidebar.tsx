import { SidePanel } from '../../app/SidePanel';
import { useState } from 'react';
import { EditableRow } from '../../app/EditableRow';
import { FilePicker } from '../../app/FilePicker';
import { IconButton } from '../../app/IconButton';
import { type ImportOutcome, SET_FILE_TEXT_MAX } from '../../../src-shared/judge/judge-inputs';
import type { SetSummary } from '../../../src-shared/judge/question-set';
import type { AppError } from '../../../src-shared/result';
import { OutcomeNote } from '../../app/ErrorNotice';
import { asAppError, call } from '../../bridge/api';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { useJudge } from './judge-store';
import { useJudgeActions } from './use-judge-actions';

function SetRow({
  s,
  active,
  onMessage,
}: {
  s: SetSummary;
  active: boolean;
  onMessage: (m: string | AppError) => void;
}) {
  const { refresh } = useJudgeActions();
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      refresh();
    } catch (err) {
      onMessage(asAppError(err));
      throw err;
    }
  };
  // Asks first when the open draft has unsaved edits (Save / Discard / Cancel).
  const open = () =>
    act(async () => {
      const stored = await call('judge.sets.get', { id: s.id });
      useJudge.getState().requestLeave(() => useJudge.getState().openSet(stored));
    }).catch(() => undefined);

  return (
    <EditableRow
      name={s.name}
      active={active}
      className="judge-set-row"
      onOpen={() => void open()}
      title={t('judge.sets.meta', { count: s.questionCount, revision: s.revision })}
      detail={<span className="muted small-note"> · {s.questionCount}</span>}
      onRename={(name) =>
        act(async () => {
          const r = await call('judge.sets.rename', { id: s.id, name });
          if (active) useJudge.setState((st) => ({ draft: { ...st.draft, name: r.name } }));
        })
      }
      onDelete={() =>
        act(async () => {
          await call('judge.sets.delete', { id: s.id });
          useJudge.getState().forgetSet(s.id);
        })
      }
      labels={{
        rename: t('judge.sets.rename', { name: s.name }),
        renameInput: t('judge.sets.renameLabel', { name: s.name }),
        delete: t('judge.sets.delete', { name: s.name }),
        confirmDelete: t('judge.sets.confirmDelete', { name: s.name }),
      }}
      actions={
        <>
          <IconButton
            glyph="❐"
            label={t('judge.sets.duplicate', { name: s.name })}
            onClick={() => void act(() => call('judge.sets.duplicate', { id: s.id })).catch(() => undefined)}
          />
          <IconButton
            glyph="⇩"
            label={t('judge.sets.export', { name: s.name })}
            onClick={() =>
              void act(async () => {
                const path = await call('judge.sets.export', { id: s.id });
                if (path) onMessage(t('judge.sets.exported', { path }));
              }).catch(() => undefined)
            }
          />
        </>
      }
    />
  );
}

export function SetSidebar() {
  const list = useRoute('judge.sets.list', {});
  const setId = useJudge((s) => s.setId);
  const newSet = () => useJudge.getState().requestLeave(() => useJudge.getState().newSet());
  const { refresh } = useJudgeActions();
  const [message, setMessage] = useState<string | AppError>();
  const [clash, setClash] = useState<{
    text: string;
    outcome: Extract<ImportOutcome, { status: 'clash' }>;
  }>();

  const finishImport = async (text: string, onClash: 'ask' | 'copy' | 'replace') => {
    try {
      const outcome = await call('judge.sets.import', { text, onClash });
      if (outcome.status === 'clash') {
        setClash({ text, outcome });
        return;
      }
      setClash(undefined);
      // The import is saved; opening it must not throw away unsaved edits without asking.
      const imported = outcome.set;
      useJudge.getState().requestLeave(() => useJudge.getState().openSet(imported));
      setMessage(t('judge.import.done', { name: outcome.set.name }));
      refresh();
    } catch (err) {
      setClash(undefined);
      setMessage(asAppError(err));
    }
  };

  return (
    <SidePanel id="judgeSets" side="start" className="sidebar" label={t('judge.sets.title')}>
      <button type="button" className="primary wide" onClick={newSet}>
        + {t('judge.sets.new')}
      </button>
      <FilePicker
        id="judge-import-set"
        className="judge-import"
        button={t('judge.import.label')}
        accept="application/json,.json"
        onFiles={(files) => {
          // Checked before reading: a file far past the limit is never read into the window.
          if (files[0].size > SET_FILE_TEXT_MAX)
            return setMessage({
              code: 'invalid_input',
              message: t('judge.import.tooLarge', { name: files[0].name }),
            });
          void files[0].text().then((text) => finishImport(text, 'ask'));
        }}
      />
      {clash ? (
        <div
          className="notice notice-warn judge-clash"
          role="alertdialog"
          aria-label={t('judge.import.clashTitle')}
        >
          <div>
            <p>{t('judge.import.clash', { name: clash.outcome.incomingName })}</p>
            <div className="row">
              <button type="button" className="small" onClick={() => void finishImport(clash.text, 'copy')}>
                {t('judge.import.asCopy')}
              </button>
              <button
                type="button"
                className="small danger"
                onClick={() => void finishImport(clash.text, 'replace')}
              >
                {t('judge.import.replace')}
              </button>
              <button type="button" className="small ghost" onClick={() => setClash(undefined)}>
                {t('common.cancel')}
              </button>
            </div>
          </div>
        </div>
      ) : null}
      <OutcomeNote message={message} onDismiss={() => setMessage(undefined)} />
      {list.data && list.data.length === 0 ? (
        <p className="muted small-note">{t('judge.sets.empty')}</p>
      ) : null}
      <ul className="conv-list">
        {list.data?.map((s) => (
          <SetRow key={s.id} s={s} active={s.id === setId} onMessage={setMessage} />
        ))}
      </ul>
    </SidePanel>
  );
}
