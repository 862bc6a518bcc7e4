import { useRef } from 'react';
import { nextTabIndex } from '../../app/tab-keys';
import { t } from '../../i18n/i18n';
import { WORKBENCH_VIEWS, type WorkbenchView, useWorkbench } from './workbench-store';

const LABELS: Record<WorkbenchView, Parameters<typeof t>[0]> = {
  questions: 'judge.view.questions',
  cases: 'judge.view.cases',
  runs: 'judge.view.runs',
  agreement: 'judge.view.agreement',
  drift: 'judge.view.drift',
};

/** The set's views: everything but Questions needs a saved set (cases and runs belong to it). */
export function WorkbenchNav({ saved }: { saved: boolean }) {
  const view = useWorkbench((s) => s.view);
  const setView = useWorkbench((s) => s.setView);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = (v: WorkbenchView) => v === 'questions' || saved;
  const onKey = (e: React.KeyboardEvent, i: number) => {
    let next = nextTabIndex(e.key, i, WORKBENCH_VIEWS.length);
    if (next < 0) return;
    e.preventDefault();
    if (!saved) next = 0;
    setView(WORKBENCH_VIEWS[next]);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('judge.view.label')} className="judge-views">
      {WORKBENCH_VIEWS.map((v, i) => (
        <button
          key={v}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`judge-view-${v}`}
          role="tab"
          type="button"
          aria-selected={view === v}
          aria-controls="judge-view-panel"
          tabIndex={view === v ? 0 : -1}
          disabled={!enabled(v)}
          title={enabled(v) ? undefined : t('judge.view.saveFirst')}
          className={view === v ? 'tab active' : 'tab'}
          onClick={() => setView(v)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {t(LABELS[v])}
        </button>
      ))}
    </div>
  );
}
