import { useEffect, useRef } from 'react';
import { t } from '../../i18n/i18n';
import { AgreementView } from './agreement/AgreementView';
import { RunsView } from './batch/RunsView';
import { CasesView } from './cases/CasesView';
import { DriftView } from './drift/DriftView';
import { SetCodeButton } from './export/SetCodeDialog';
import './judge.css';
import { useJudge } from './judge-store';
import { LeaveDialog } from './LeaveDialog';
import { RevisionView } from './RevisionView';
import { RunControls } from './RunControls';
import { RunHistory } from './RunHistory';
import { RunResult } from './RunResult';
import { SetBuilder } from './SetBuilder';
import { SetSidebar } from './SetSidebar';
import { StatePanel } from './StatePanel';
import { WorkbenchNav } from './WorkbenchNav';
import { useWorkbench } from './workbench-store';

/**
 * The set list, then the open set's views: Questions (the set being built beside the state it
 * is run on), and for a saved set its test cases, batch runs, agreement with labels and drift.
 */
export function JudgeTab() {
  const setId = useJudge((s) => s.setId);
  const view = useWorkbench((s) => s.view);
  const reset = useWorkbench((s) => s.reset);
  const opened = useRef(setId);
  useEffect(() => {
    // Another set's runs and cases are not these: start it on its questions.
    if (opened.current !== setId) reset();
    opened.current = setId;
  }, [setId, reset]);
  const shown = setId ? view : 'questions';
  return (
    <div className="judge-layout">
      <SetSidebar />
      <div className="judge-main">
        <div className="judge-views-bar">
          <WorkbenchNav saved={!!setId} />
          {setId ? <SetCodeButton setId={setId} /> : null}
        </div>
        <div
          id="judge-view-panel"
          role="tabpanel"
          aria-labelledby={`judge-view-${shown}`}
          className="judge-view-panel"
        >
          {shown === 'questions' || !setId ? (
            <QuestionsView />
          ) : shown === 'cases' ? (
            <CasesView setId={setId} />
          ) : shown === 'runs' ? (
            <RunsView setId={setId} />
          ) : shown === 'agreement' ? (
            <AgreementView setId={setId} />
          ) : (
            <DriftView setId={setId} />
          )}
        </div>
      </div>
      {shown === 'questions' ? <RunHistory /> : null}
    </div>
  );
}

/**
 * Two panes: the question set being built, and the state it is run on with the results. Each
 * scrolls on its own, so the latest result is brought into view beside the set that made it;
 * two runs compared stand above both, side by side.
 */
function QuestionsView() {
  const result = useJudge((s) => s.result);
  const compare = useJudge((s) => s.compare);
  const latest = useRef<HTMLElement>(null);
  const compared = useRef<HTMLElement>(null);
  useEffect(() => {
    if (result) latest.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  useEffect(() => {
    if (compare.length > 0) compared.current?.scrollIntoView({ block: 'nearest' });
  }, [compare]);
  return (
    <>
      {compare.length > 0 ? (
        <section ref={compared} className="judge-compare-row" aria-label={t('judge.compare.title')}>
          <h3>{t('judge.compare.title')}</h3>
          <div className="judge-compare">
            {compare.map((c) => (
              <RunResult key={c.run.id} open={c} compact />
            ))}
          </div>
        </section>
      ) : null}
      <div className="judge-panes">
        <div className="judge-pane" aria-label={t('judge.pane.set')} role="region">
          <p className="small-note muted">{t('judge.intro')}</p>
          <LeaveDialog />
          <RevisionView />
          <SetBuilder />
        </div>
        <div className="judge-pane" aria-label={t('judge.pane.run')} role="region">
          <StatePanel />
          <RunControls />
          {result ? (
            <section ref={latest} aria-label={t('judge.result.latest')}>
              <h3>{t('judge.result.latest')}</h3>
              <RunResult open={result} />
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
