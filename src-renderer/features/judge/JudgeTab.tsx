import { t } from '../../i18n/i18n';
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

export function JudgeTab() {
  const result = useJudge((s) => s.result);
  const compare = useJudge((s) => s.compare);
  return (
    <div className="judge-layout">
      <SetSidebar />
      <div className="judge-main">
        <p className="small-note muted">{t('judge.intro')}</p>
        <LeaveDialog />
        <RevisionView />
        <SetBuilder />
        <StatePanel />
        <RunControls />
        {result ? (
          <>
            <h3>{t('judge.result.latest')}</h3>
            <RunResult open={result} />
          </>
        ) : null}
        {compare.length > 0 ? (
          <section aria-label={t('judge.compare.title')}>
            <h3>{t('judge.compare.title')}</h3>
            <div className="judge-compare">
              {compare.map((c) => (
                <RunResult key={c.run.id} open={c} compact />
              ))}
            </div>
          </section>
        ) : null}
      </div>
      <RunHistory />
    </div>
  );
}
