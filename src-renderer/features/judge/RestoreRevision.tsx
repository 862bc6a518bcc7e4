import { useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '../../app/ErrorNotice';
import { asAppError } from '../../bridge/api';
import { useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { useJudge } from './judge-store';

/**
 * "Restore revision N" with a confirmation: main saves that revision's questions and tuning as a
 * new revision (docs/architecture.md, "Set revisions"), then the builder opens it (through the
 * unsaved-changes question when the draft has edits). The latest revision has nothing to restore.
 */
export function RestoreRevision({
  setId,
  revision,
  latest,
  onRestored,
}: {
  setId: string;
  revision: number;
  latest: number;
  onRestored?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  // Focus follows the question and comes back to the button that asked it.
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (asked.current) askRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const restore = useRouteMutation('judge.sets.restore', [
    'judge.sets.revisions',
    'judge.sets.revision',
    'judge.sets.list',
    'judge.sets.get',
  ]);
  const doRestore = async () => {
    try {
      const stored = await restore.mutateAsync({ id: setId, revision });
      setConfirming(false);
      const judge = useJudge.getState();
      judge.requestLeave(() => judge.openSet(stored));
      onRestored?.();
    } catch {
      // Shown below from the mutation's error.
    }
  };
  const isLatest = revision === latest;
  return (
    <>
      {confirming ? (
        <span className="row" role="group" aria-label={t('judge.revisionDiff.confirm', { revision })}>
          <span>{t('judge.revisionDiff.confirm', { revision })}</span>
          <button
            ref={confirmRef}
            type="button"
            className="primary small"
            onClick={() => void doRestore()}
            disabled={restore.isPending}
          >
            {t('judge.revisionDiff.confirmYes')}
          </button>
          <button type="button" className="ghost small" onClick={() => setConfirming(false)}>
            {t('judge.revisionDiff.cancel')}
          </button>
        </span>
      ) : (
        <button
          ref={askRef}
          type="button"
          className="small"
          disabled={isLatest}
          title={isLatest ? t('judge.revisionDiff.isLatest') : undefined}
          onClick={() => setConfirming(true)}
        >
          {t('judge.revisionDiff.restore', { revision })}
        </button>
      )}
      {restore.error ? <ErrorNotice error={asAppError(restore.error)} /> : null}
    </>
  );
}
