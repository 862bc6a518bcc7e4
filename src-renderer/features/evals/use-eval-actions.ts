import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EVAL_FILE_TEXT_MAX } from '../../../src-shared/evals/eval-limits';
import type { AppError } from '../../../src-shared/result';
import { asAppError, call } from '../../bridge/api';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { draftOf, newDraft } from './eval-draft';
import { useEvals } from './evals-store';

/** What the list and the empty state do: new, open, import an eval file. Each asks before leaving unsaved edits. */
export function useEvalActions(onMessage: (m: string | AppError) => void) {
  const qc = useQueryClient();
  const profiles = useRoute('profiles.list', {});
  const refresh = useCallback(() => void qc.invalidateQueries({ queryKey: ['evals.list'] }), [qc]);
  const activeId = profiles.data?.activeId ?? 'sandbox';

  const create = () =>
    useEvals.getState().requestLeave(() => {
      useEvals.getState().open(undefined, newDraft(t('evals.newName'), t('evals.newUser'), activeId, ''));
      useEvals.getState().setView('definition');
    });

  const open = async (id: string) => {
    try {
      const record = await call('evals.get', { id });
      useEvals.getState().requestLeave(() => useEvals.getState().open(record.id, draftOf(record)));
    } catch (err) {
      onMessage(asAppError(err));
    }
  };

  const importFile = async (file: File) => {
    // Checked before reading: a file far past the limit is never read into the window.
    if (file.size > EVAL_FILE_TEXT_MAX)
      return onMessage({ code: 'invalid_input', message: t('evals.import.tooLarge', { name: file.name }) });
    try {
      const record = await call('evals.importFile', { text: await file.text() });
      refresh();
      onMessage(t('evals.import.done', { name: record.name }));
      useEvals.getState().requestLeave(() => useEvals.getState().open(record.id, draftOf(record)));
    } catch (err) {
      onMessage(asAppError(err));
    }
  };

  return { create, open, importFile, refresh };
}
