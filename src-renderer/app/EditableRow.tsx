import { type ReactNode, useState } from 'react';
import { t } from '../i18n/i18n';
import { IconButton } from './IconButton';

export interface EditableRowProps {
  name: string;
  active: boolean;
  onOpen: () => void;
  /** Rename; resolve to leave the rename field, reject (or throw) to stay in it. */
  onRename: (name: string) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  labels: { rename: string; renameInput: string; delete: string; confirmDelete: string };
  /** Shown after the name inside the open button. */
  detail?: ReactNode;
  /** More for the tooltip, under the whole name (which the panel may cut). */
  title?: string;
  /** Extra action buttons between rename and delete. */
  actions?: ReactNode;
  className?: string;
}

/**
 * A list row that opens an item, renames it in place and deletes it after a confirmation.
 * Conversations and question sets share it. Its actions are hidden by opacity, not display,
 * so the keyboard still reaches them.
 */
export function EditableRow(p: EditableRowProps) {
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [name, setName] = useState(p.name);
  const rowClass = ['conv-row', p.active ? 'active' : '', p.className ?? ''].filter(Boolean).join(' ');

  if (mode === 'rename') {
    return (
      <li className="conv-row">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim())
              void p.onRename(name).then(
                () => setMode('view'),
                () => undefined,
              );
          }}
        >
          <input
            aria-label={p.labels.renameInput}
            value={name}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setMode('view')}
          />
        </form>
      </li>
    );
  }
  if (mode === 'confirm') {
    return (
      <li className="conv-row confirm">
        <span>{p.labels.confirmDelete}</span>
        <button
          type="button"
          className="danger small"
          onClick={() => void p.onDelete().catch(() => undefined)}
        >
          {t('common.delete')}
        </button>
        <button type="button" className="ghost small" autoFocus onClick={() => setMode('view')}>
          {t('common.cancel')}
        </button>
      </li>
    );
  }
  return (
    <li className={rowClass}>
      <button
        type="button"
        className="conv-open"
        aria-current={p.active}
        onClick={p.onOpen}
        // The whole name, however narrow the panel cuts it.
        title={p.title ? `${p.name}\n${p.title}` : p.name}
      >
        <span className="conv-name">{p.name}</span>
        {p.detail}
      </button>
      <span className="conv-actions">
        <IconButton
          label={p.labels.rename}
          glyph="✎"
          onClick={() => {
            setName(p.name);
            setMode('rename');
          }}
        />
        {p.actions}
        <IconButton label={p.labels.delete} glyph="×" onClick={() => setMode('confirm')} />
      </span>
    </li>
  );
}
