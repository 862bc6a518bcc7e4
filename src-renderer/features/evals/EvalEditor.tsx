import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppError } from '../../../src-shared/result';
import { ErrorNotice } from '../../app/ErrorNotice';
import { nextTabIndex } from '../../app/tab-keys';
import { t } from '../../i18n/i18n';
import { LeavePrompt } from '../judge/LeaveDialog';
import { DatasetView } from './DatasetView';
import { EvalRuns } from './runs/EvalRunsLazy';
import { DefinitionForm } from './DefinitionForm';
import { issuesByField } from './eval-draft';
import { isDirty, useEvals } from './evals-store';
import { saveDraft } from './save-eval';

const VIEWS = ['definition', 'dataset', 'runs'] as const;
const VIEW_LABELS = {
  definition: 'evals.view.definition',
  dataset: 'evals.view.dataset',
  runs: 'evals.view.runs',
} as const;

/**
 * One eval: its name and Save (Ctrl/Cmd+S) over its views, the definition, the dataset and (once
 * saved) its runs and results. A
 * refused save keeps every field as typed and shows main's problem under its field.
 */
export function EvalEditor() {
  const qc = useQueryClient();
  const name = useEvals((s) => s.draft!.name);
  const dirty = useEvals(isDirty);
  const evalId = useEvals((s) => s.evalId);
  const saved = evalId !== undefined;
  // A new eval has no runs yet: its Runs view comes once it is saved.
  const views: readonly (typeof VIEWS)[number][] = saved ? VIEWS : VIEWS.filter((v) => v !== 'runs');
  const chosen = useEvals((s) => s.view);
  const view = views.includes(chosen) ? chosen : 'definition';
  const pending = useEvals((s) => s.pendingLeave !== undefined);
  const [error, setError] = useState<AppError>();
  const [saving, setSaving] = useState(false);
  const issues = useMemo(() => issuesByField(error?.details?.issues), [error]);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const save = async () => {
    setSaving(true);
    const r = await saveDraft(qc);
    setSaving(false);
    setError(r.ok ? undefined : r.error);
    return r.ok;
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const answerLeave = async (choice: 'save' | 'discard' | 'cancel') => {
    if (choice === 'save' && !(await save())) return useEvals.getState().answerLeave('cancel');
    useEvals.getState().answerLeave(choice === 'cancel' ? 'cancel' : 'continue');
  };

  return (
    <div className="evals-editor">
      <div className="row evals-head">
        <div className="field grow evals-name">
          <label htmlFor="eval-name">{t('evals.name')}</label>
          <input
            id="eval-name"
            value={name}
            aria-invalid={issues.has('name')}
            aria-describedby={issues.has('name') ? 'eval-name-err' : undefined}
            onChange={(e) => useEvals.getState().edit((d) => ({ ...d, name: e.target.value }))}
          />
          {issues.has('name') ? (
            <span id="eval-name-err" className="field-error">
              {issues.get('name')}
            </span>
          ) : null}
        </div>
        <span className="small-note muted evals-state" aria-live="polite">
          {saving ? t('evals.saving') : dirty ? t('evals.unsaved') : t('evals.savedNote')}
        </span>
        <button
          type="button"
          className="primary"
          disabled={saving}
          aria-keyshortcuts="Control+S Meta+S"
          title={t('evals.saveKeys')}
          onClick={() => void save()}
        >
          {t('evals.save')}
        </button>
      </div>
      {pending ? (
        <LeavePrompt
          className="evals-leave"
          title={t('evals.leave.title')}
          text={t('evals.leave.text', { name })}
          save={t('evals.leave.save')}
          discard={t('evals.leave.discard')}
          onAnswer={(c) => void answerLeave(c)}
        />
      ) : null}
      {error ? (
        <div className="evals-save-error">
          <p className="field-error" role="alert">
            {error.code === 'invalid_input' && issues.size > 0
              ? t('evals.saveRefused', { n: issues.size })
              : t('evals.saveFailed')}
          </p>
          {error.code !== 'invalid_input' || issues.size === 0 ? (
            <ErrorNotice error={error} onDismiss={() => setError(undefined)} />
          ) : (
            <ul className="evals-issues">
              {[...issues].map(([path, message]) => (
                <li key={path}>
                  <code>{path}</code>: {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      <div role="tablist" aria-label={t('evals.view.label')} className="judge-views evals-views">
        {views.map((v, i) => (
          <button
            key={v}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            id={`evals-view-${v}`}
            role="tab"
            type="button"
            aria-selected={view === v}
            aria-controls="evals-view-panel"
            tabIndex={view === v ? 0 : -1}
            className={view === v ? 'tab active' : 'tab'}
            onClick={() => useEvals.getState().setView(v)}
            onKeyDown={(e) => {
              const next = nextTabIndex(e.key, i, views.length);
              if (next < 0) return;
              e.preventDefault();
              useEvals.getState().setView(views[next]);
              tabs.current[next]?.focus();
            }}
          >
            {t(VIEW_LABELS[v])}
          </button>
        ))}
      </div>
      <div
        id="evals-view-panel"
        role="tabpanel"
        aria-labelledby={`evals-view-${view}`}
        className={view === 'definition' ? 'evals-panel' : 'evals-panel evals-panel-dataset'}
      >
        {view === 'definition' ? (
          <DefinitionForm issues={issues} />
        ) : view === 'runs' && evalId ? (
          <EvalRuns evalId={evalId} />
        ) : (
          <DatasetView saved={saved} />
        )}
      </div>
    </div>
  );
}
