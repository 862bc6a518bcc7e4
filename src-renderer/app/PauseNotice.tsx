import type { PauseKind, PauseReason } from '../../src-shared/judge/batch-run';
import { pauseKind } from '../../src-shared/judge/batch-run';

/** A feature's words for each kind of pause: what happened, and the user's next step. */
export type PauseTexts = (kind: PauseKind) => { title: string; next: string };

/**
 * Why a run paused by itself and what to do next (the judge's batch runs and the evals' runs
 * both pause on the same reasons: `src-main/core/judge/batch/batch-errors.ts`). A pause the user
 * asked for has no reason and shows nothing.
 */
export function PauseNotice(p: { reason: PauseReason | undefined; texts: PauseTexts }) {
  if (!p.reason) return null;
  const help = p.texts(pauseKind(p.reason));
  return (
    <div className="notice notice-warn" role="status">
      <div>
        <strong>{help.title}</strong>
        <div className="muted">{p.reason.message}</div>
        <div>{help.next}</div>
      </div>
    </div>
  );
}
