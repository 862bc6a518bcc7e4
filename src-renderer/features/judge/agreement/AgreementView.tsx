import type { RunAgreement } from '../../../../src-shared/judge/run-agreement';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { asAppError } from '../../../bridge/api';
import { useRoute } from '../../../hooks/use-route';
import { t } from '../../../i18n/i18n';
import { useWorkbench } from '../workbench-store';
import './agreement.css';
import { ChoiceCard, ScoreCard } from './ChoiceScoreCards';
import { MinimumsBox } from './MinimumsBox';
import { NoulCard } from './NoulCard';
import { RunPicker } from './RunPicker';
import { SaveReportButton } from './SaveReportButton';
import { finishedRuns } from './run-label';

/**
 * How a batch run's answers agree with the set's labels, question by question, and the
 * thresholds and minimums the set is held to (docs/architecture.md, "Judge agreement and drift").
 */
export function AgreementView({ setId }: { setId: string }) {
  const runId = useWorkbench((s) => s.runId);
  const selectRun = useWorkbench((s) => s.selectRun);
  const setView = useWorkbench((s) => s.setView);
  const runs = useRoute('judge.batch.list', { setId });

  if (runs.error) return <ErrorNotice error={asAppError(runs.error)} />;
  if (!runs.data) return <p className="muted">{t('judge.agreement.loadingRuns')}</p>;
  const finished = finishedRuns(runs.data);
  if (finished.length === 0)
    return (
      <div className="empty-state agreement-empty">
        <p>{t('judge.agreement.noFinishedRuns')}</p>
        <button type="button" onClick={() => setView('runs')}>
          {t('judge.agreement.goRuns')}
        </button>
      </div>
    );
  // The run chosen in Batch runs, if it belongs to this set; else the newest finished one.
  const chosen = runs.data.find((r) => r.id === runId) ?? finished[0];

  return (
    <div className="agreement-view">
      <div className="row agreement-picker">
        <RunPicker label={t('judge.agreement.run')} runs={runs.data} value={chosen.id} onPick={selectRun} />
      </div>
      <RunAgreementPanel setId={setId} runId={chosen.id} goCases={() => setView('cases')} />
    </div>
  );
}

function RunAgreementPanel({ setId, runId, goCases }: { setId: string; runId: string; goCases: () => void }) {
  const agreement = useRoute('judge.batch.agreement', { id: runId });
  if (agreement.error) return <ErrorNotice error={asAppError(agreement.error)} />;
  if (!agreement.data)
    return (
      <p className="muted" role="status">
        {t('judge.agreement.computing')}
      </p>
    );
  const ag = agreement.data;
  return (
    <>
      <RunFacts ag={ag} />
      <SaveReportButton of={{ kind: 'agreement', id: runId }} />
      {ag.questions.every((q) => q.coverage.used === 0) ? (
        <div className="empty-state agreement-empty">
          <p>{t('judge.agreement.noLabelled', { total: ag.total })}</p>
          <button type="button" onClick={goCases}>
            {t('judge.agreement.goCases')}
          </button>
        </div>
      ) : null}
      <MinimumsBox key={JSON.stringify(ag.tuning)} setId={setId} tuning={ag.tuning} />
      <div className="agreement-cards">
        {ag.questions.map((q) =>
          q.type === 'noul' ? (
            <NoulCard key={`${q.question}:${q.threshold}`} q={q} setId={setId} />
          ) : q.type === 'choice' ? (
            <ChoiceCard key={q.question} q={q} />
          ) : (
            <ScoreCard key={q.question} q={q} />
          ),
        )}
      </div>
    </>
  );
}

function RunFacts({ ag }: { ag: RunAgreement }) {
  const versions = Object.entries(ag.run.versions)
    .map(([v, n]) => `${v} (${n})`)
    .join(', ');
  return (
    <div className="agreement-facts small-note">
      <span>{t('judge.agreement.answered', { answered: ag.answered, total: ag.total })}</span>
      <span>{t('judge.agreement.versions', { list: versions || '—' })}</span>
      <span>
        {ag.run.setRevision === ag.latestRevision
          ? t('judge.agreement.revision', { revision: ag.run.setRevision })
          : t('judge.agreement.olderRevision', { revision: ag.run.setRevision, latest: ag.latestRevision })}
      </span>
      {ag.run.versionChanged ? (
        <p className="notice notice-warn" role="note">
          {t('judge.agreement.versionChanged')}
        </p>
      ) : null}
    </div>
  );
}
