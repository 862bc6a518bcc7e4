import { useState } from 'react';
import type { EvalSummary } from '../../../src-shared/evals/eval-rows-import';
import type { AppError } from '../../../src-shared/result';
import { EditableRow } from '../../app/EditableRow';
import { ErrorNotice, OutcomeNote } from '../../app/ErrorNotice';
import { FilePicker } from '../../app/FilePicker';
import { IconButton } from '../../app/IconButton';
import { SidePanel } from '../../app/SidePanel';
import { asAppError, call } from '../../bridge/api';
import { useRoute } from '../../hooks/use-route';
import { formatDateTime, formatNumber, formatWhen, t } from '../../i18n/i18n';
import { useEvals } from './evals-store';
import { useEvalActions } from './use-eval-actions';

/** The saved evals, most recently changed first: open, rename, export the eval file, delete. */
export function EvalSidebar() {
  const list = useRoute('evals.list', {});
  const evalId = useEvals((s) => s.evalId);
  const [message, setMessage] = useState<string | AppError>();
  const { create, open, importFile, refresh } = useEvalActions(setMessage);
  return (
    <SidePanel id="evals" side="start" className="sidebar" label={t('evals.list.title')}>
      <button type="button" className="primary wide" onClick={create}>
        + {t('evals.new')}
      </button>
      <FilePicker
        id="evals-import-file"
        className="evals-import"
        button={t('evals.import.label')}
        accept="application/json,.json"
        onFiles={(files) => void importFile(files[0])}
      />
      <OutcomeNote message={message} onDismiss={() => setMessage(undefined)} />
      {list.error ? <ErrorNotice error={asAppError(list.error)} /> : null}
      {list.data && list.data.length === 0 ? (
        <p className="muted small-note">{t('evals.list.empty')}</p>
      ) : null}
      <ul className="conv-list">
        {list.data?.map((e) => (
          <EvalRow
            key={e.id}
            e={e}
            active={e.id === evalId}
            onOpen={() => void open(e.id)}
            onMessage={setMessage}
            refresh={refresh}
          />
        ))}
      </ul>
    </SidePanel>
  );
}

function EvalRow(p: {
  e: EvalSummary;
  active: boolean;
  onOpen: () => void;
  onMessage: (m: string | AppError) => void;
  refresh: () => void;
}) {
  const { e } = p;
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      p.refresh();
    } catch (err) {
      p.onMessage(asAppError(err));
      throw err;
    }
  };
  const rows = t('evals.list.rows', { n: formatNumber(e.rows) });
  return (
    <EditableRow
      name={e.name}
      active={p.active}
      className="evals-row"
      onOpen={p.onOpen}
      title={`${rows} · ${t('evals.list.updated', { when: formatDateTime(e.updatedAt) })}`}
      detail={
        <span className="muted small-note evals-row-meta">
          {rows} · {formatWhen(e.updatedAt)}
        </span>
      }
      onRename={(name) =>
        act(async () => {
          const stored = await call('evals.get', { id: e.id });
          const { id: _i, createdAt: _c, updatedAt: _u, ...spec } = stored;
          await call('evals.update', { id: e.id, spec: { ...spec, name } });
          // The open eval takes the new name without losing its other unsaved edits.
          if (p.active)
            useEvals.setState((s) => ({
              draft: s.draft && { ...s.draft, name },
              saved: s.saved && JSON.stringify({ ...JSON.parse(s.saved), name }),
            }));
        })
      }
      onDelete={() =>
        act(async () => {
          await call('evals.delete', { id: e.id });
          if (p.active) useEvals.getState().close();
        })
      }
      labels={{
        rename: t('evals.list.rename', { name: e.name }),
        renameInput: t('evals.list.renameLabel', { name: e.name }),
        delete: t('evals.list.delete', { name: e.name }),
        confirmDelete: t('evals.list.confirmDelete', { name: e.name, rows }),
      }}
      actions={
        <IconButton
          glyph="⇩"
          label={t('evals.list.export', { name: e.name })}
          onClick={() =>
            void act(async () => {
              const path = await call('evals.exportFile', { id: e.id });
              if (path) p.onMessage(t('evals.list.exported', { path }));
            }).catch(() => undefined)
          }
        />
      }
    />
  );
}
