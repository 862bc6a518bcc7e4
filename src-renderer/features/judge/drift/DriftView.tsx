import { useState } from 'react';
import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { asAppError } from '../../../bridge/api';
import { useRoute } from '../../../hooks/use-route';
import { t } from '../../../i18n/i18n';
import '../agreement/agreement.css';
import { RunPicker } from '../agreement/RunPicker';
import { SaveReportButton } from '../agreement/SaveReportButton';
import { finishedRuns } from '../agreement/run-label';
import { useWorkbench } from '../workbench-store';
import { DriftHelper } from './DriftHelper';
import { DeltaTable, FlipRows, SharesTable, VersionsLine } from './DriftTables';
import { DriftStatsTable } from './DriftStatsTable';
import './drift.css';

const PAGE = 20;
const POLL_MS = 1_000;

/** The two newest finished runs with different models (B the newer), when there are such. */
export function defaultPair(runs: readonly BatchRunView[]): { a?: string; b?: string } {
  const done = finishedRuns(runs);
  const b = done[0];
  const a = b && done.find((r) => r.model !== b.model);
  return { a: a?.id, b: b?.id };
}

/**
 * The pair in reading order: A the older run, B the newer (by creation, then id), whichever of the
 * two was picked first, so the same two runs read the same way on every visit.
 */
export function olderFirst(
  runs: readonly BatchRunView[],
  x: string | undefined,
  y: string | undefined,
): { a?: string; b?: string } {
  const rx = runs.find((r) => r.id === x);
  const ry = runs.find((r) => r.id === y);
  if (!rx || !ry) return { a: x, b: y };
  const yFirst = ry.createdAt < rx.createdAt || (ry.createdAt === rx.createdAt && ry.id < rx.id);
  return yFirst ? { a: y, b: x } : { a: x, b: y };
}

/** The newest finished run other than `id`, of another model if there is one. */
function otherThan(runs: readonly BatchRunView[], id: string | undefined): string | undefined {
  const base = runs.find((r) => r.id === id);
  if (!base) return undefined;
  const others = finishedRuns(runs).filter((r) => r.id !== id);
  return (others.find((r) => r.model !== base.model) ?? others[0])?.id;
}

/**
 * Two runs of the set over the same cases compared (docs/architecture.md, "Judge agreement and
 * drift"): answering versions, whether each difference is real, metric deltas, decision shares
 * and the cases that flipped.
 */
export function DriftView({ setId }: { setId: string }) {
  const runId = useWorkbench((s) => s.runId);
  const otherRunId = useWorkbench((s) => s.otherRunId);
  const selectRun = useWorkbench((s) => s.selectRun);
  const selectOtherRun = useWorkbench((s) => s.selectOtherRun);
  // Polled while a run of the set is going, so the helper row shows progress.
  const runs = useRoute(
    'judge.batch.list',
    { setId },
    {
      refetchInterval: (q) =>
        q.state.data?.some((r) => r.state === 'running' || r.state === 'queued') ? POLL_MS : false,
    },
  );
  if (runs.error) return <ErrorNotice error={asAppError(runs.error)} />;
  if (!runs.data) return <p className="muted">{t('judge.agreement.loadingRuns')}</p>;
  const list = runs.data;
  const has = (id: string | undefined) => !!id && list.some((r) => r.id === id);
  const fallback = defaultPair(list);
  // runId is the first of the two (the store's rule), otherRunId the one compared with it. A run
  // picked in Batch runs is never compared with itself: B is then the newest finished run of
  // another model (or any other finished run).
  const first = has(runId) ? runId : fallback.a;
  const second =
    has(otherRunId) && otherRunId !== first ? otherRunId : (otherThan(list, first) ?? fallback.b);
  // Shown older first (A) and newer second (B), whichever was picked first.
  const { a, b } = olderFirst(list, first, second);
  // A pick replaces its side and keeps the other run, so the pair stays the two runs chosen.
  const pickA = (id: string | undefined) => {
    selectRun(id);
    selectOtherRun(b);
  };
  const pickB = (id: string | undefined) => {
    selectRun(a);
    selectOtherRun(id);
  };

  return (
    <div className="drift-view">
      <DriftHelper setId={setId} runs={list} />
      {list.length < 2 ? (
        <p className="empty-state muted">{t('judge.drift.needTwo')}</p>
      ) : (
        <div className="row drift-pickers">
          <RunPicker
            label={t('judge.drift.runA')}
            runs={list}
            value={a}
            onPick={pickA}
            placeholder={t('judge.drift.pick')}
          />
          <RunPicker
            label={t('judge.drift.runB')}
            runs={list}
            value={b}
            onPick={pickB}
            placeholder={t('judge.drift.pick')}
          />
        </div>
      )}
      {a && b && a !== b ? <DriftPanel key={`${a}|${b}`} a={a} b={b} /> : null}
      {a && b && a === b ? <p className="muted">{t('judge.drift.sameRun')}</p> : null}
      <p className="small-note muted drift-pin">{t('judge.drift.pinNote')}</p>
    </div>
  );
}

function DriftPanel({ a, b }: { a: string; b: string }) {
  const [offset, setOffset] = useState(0);
  const drift = useRoute(
    'judge.batch.drift',
    { a, b, offset, limit: PAGE },
    { placeholderData: (prev) => prev },
  );
  if (drift.error) return <ErrorNotice error={asAppError(drift.error)} />;
  if (!drift.data)
    return (
      <p className="muted" role="status">
        {t('judge.agreement.computing')}
      </p>
    );
  const d = drift.data;
  const last = Math.min(d.offset + d.flipped.length, d.flipsTotal);
  return (
    <>
      <SaveReportButton of={{ kind: 'drift', a, b }} />
      <section className="card" aria-label={t('judge.drift.versions')}>
        <h4>{t('judge.drift.versions')}</h4>
        <VersionsLine label="A" run={d.a} />
        <VersionsLine label="B" run={d.b} />
      </section>
      <DriftStatsTable questions={d.questions} />
      <div className="agreement-pair">
        <DeltaTable questions={d.questions} />
        <SharesTable questions={d.questions} />
      </div>
      <section className="card" aria-label={t('judge.drift.flips')}>
        <h4>{t('judge.drift.flipsCount', { n: d.flipsTotal })}</h4>
        {d.flipsTotal === 0 ? (
          <p className="muted">{t('judge.drift.noFlips')}</p>
        ) : (
          <>
            <FlipRows flipped={d.flipped} />
            <div className="row drift-pager">
              <button
                type="button"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                {t('judge.drift.previous')}
              </button>
              <span className="small-note" role="status">
                {t('judge.drift.showing', { first: d.offset + 1, last, total: d.flipsTotal })}
              </span>
              <button type="button" disabled={last >= d.flipsTotal} onClick={() => setOffset(offset + PAGE)}>
                {t('judge.drift.next')}
              </button>
            </div>
          </>
        )}
      </section>
    </>
  );
}
