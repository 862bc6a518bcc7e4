import type { ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { type PanelId, useUi } from './ui-store';

/**
 * A side column that folds to a narrow rail and back (remembered). `side` is where it stands:
 * its fold button points toward that edge.
 */
export function SidePanel({
  id,
  side,
  label,
  className,
  children,
}: {
  id: PanelId;
  side: 'start' | 'end';
  label: string;
  className: string;
  children: ReactNode;
}) {
  const folded = useUi((s) => s.folded[id] === true);
  const toggle = useUi((s) => s.togglePanel);
  const action = t(folded ? 'panel.show' : 'panel.hide', { name: label });
  const button = (
    <button
      type="button"
      className="ghost small panel-fold"
      aria-expanded={!folded}
      aria-label={action}
      title={action}
      onClick={() => toggle(id)}
    >
      {(side === 'start') === folded ? '»' : '«'}
    </button>
  );
  if (folded)
    return (
      <aside className={`side-rail side-${side}`} aria-label={label}>
        {button}
        <span className="side-rail-label" aria-hidden>
          {label}
        </span>
      </aside>
    );
  return (
    <aside className={`${className} side-panel side-${side}`} aria-label={label}>
      <div className="panel-head">
        <h3 className="sidebar-title">{label}</h3>
        {button}
      </div>
      {children}
    </aside>
  );
}
