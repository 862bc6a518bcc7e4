import { useEffect, useRef } from 'react';
import { ErrorNotice } from '../../app/ErrorNotice';
import { asAppError } from '../../bridge/api';
import { useRoute } from '../../hooks/use-route';
import { formatDateTime, t } from '../../i18n/i18n';
import { useJudge } from './judge-store';
import { RevisionDiff } from './RevisionDiff';
import { RestoreRevision } from './RestoreRevision';

/** The saved revisions of a set, newest first, each openable read-only. */
export function RevisionList({ setId }: { setId: string }) {
  const list = useRoute('judge.sets.revisions', { id: setId });
  const view = useJudge((s) => s.viewRevision);
  if (list.error) return <ErrorNotice error={asAppError(list.error)} />;
  const latest = list.data?.[0]?.revision;
  return (
    <>
      <ul className="judge-revisions small-note" aria-label={t('judge.revisions.title')}>
        {list.data?.map((r) => (
          <li key={r.revision}>
            <button type="button" className="ghost small" onClick={() => view(setId, r.revision)}>
              {t('judge.revisions.view', { revision: r.revision })}
            </button>
            <span className="muted">
              {' '}
              {t('judge.revisions.meta', {
                time: formatDateTime(r.savedAt),
                count: r.questionCount,
              })}
            </span>
          </li>
        ))}
      </ul>
      {list.data && list.data.length > 1 ? (
        <RevisionDiff key={latest} setId={setId} list={list.data} />
      ) : null}
    </>
  );
}

/** A set as it was at one revision (what a run used), read-only. */
export function RevisionView() {
  const viewing = useJudge((s) => s.viewing);
  const close = useJudge((s) => s.closeRevision);
  const rev = useRoute(
    'judge.sets.revision',
    { id: viewing?.setId ?? 'none', revision: viewing?.revision ?? 1 },
    { enabled: !!viewing },
  );
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (viewing) ref.current?.focus();
  }, [viewing]);
  if (!viewing) return null;
  const data = rev.data;
  const title = t('judge.revisions.heading', {
    name: data?.name ?? '…',
    revision: viewing.revision,
  });
  return (
    <section className="card judge-revision" aria-label={title} tabIndex={-1} ref={ref}>
      <div className="row">
        <h3 className="grow">{title}</h3>
        <button type="button" className="ghost small" onClick={close}>
          {t('judge.revisions.close')}
        </button>
      </div>
      {rev.error ? <ErrorNotice error={asAppError(rev.error)} /> : null}
      {data ? (
        <>
          <p className="small-note muted">
            {t('judge.revisions.readOnly', {
              time: formatDateTime(data.revision.savedAt),
              latest: data.latestRevision,
            })}
          </p>
          <div className="row">
            <RestoreRevision
              setId={data.id}
              revision={data.revision.revision}
              latest={data.latestRevision}
              onRestored={close}
            />
          </div>
          <ol className="judge-revision-questions">
            {data.revision.questions.map((q) => (
              <li key={q.name}>
                <strong>{q.name}</strong> <span className="badge">{t(`judge.type.${q.type}`)}</span>
                <p className="small-note">{q.instructions}</p>
                {q.type === 'choice' ? (
                  <ul className="small-note">
                    {q.options.map((o) => (
                      <li key={o.name}>
                        <code>{o.name}</code>: {o.description}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {q.type === 'score' ? (
                  <ol className="small-note" start={0}>
                    {q.levels.map((l, i) => (
                      <li key={i}>{l}</li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
