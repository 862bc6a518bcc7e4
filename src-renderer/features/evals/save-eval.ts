import type { QueryClient } from '@tanstack/react-query';
import type { AppError } from '../../../src-shared/result';
import { asAppError, call } from '../../bridge/api';
import { draftOf } from './eval-draft';
import { useEvals } from './evals-store';

/**
 * Saves the open draft: a new eval is created, a stored one replaced. On a refusal the draft stays
 * exactly as typed and main's problems come back by field (`spec.variants.0.user: …`).
 */
export async function saveDraft(qc: QueryClient): Promise<{ ok: true } | { ok: false; error: AppError }> {
  const { evalId, draft } = useEvals.getState();
  if (!draft) return { ok: true };
  try {
    const record = evalId
      ? await call('evals.update', { id: evalId, spec: draft })
      : await call('evals.create', { spec: draft });
    // Edits made while the save was on the way stay in the draft, unsaved.
    const now = useEvals.getState().draft;
    const saved = draftOf(record);
    if (now === draft) useEvals.getState().markSaved(record.id, saved);
    else useEvals.setState({ evalId: record.id, saved: JSON.stringify(saved) });
    void qc.invalidateQueries({ queryKey: ['evals.list'] });
    return { ok: true };
  } catch (err) {
    return { ok: false, error: asAppError(err) };
  }
}
