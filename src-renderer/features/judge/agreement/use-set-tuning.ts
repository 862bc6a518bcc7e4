import { useMutation, useQueryClient } from '@tanstack/react-query';
import { latestRevision } from '../../../../src-shared/judge/question-set';
import { EMPTY_TUNING, type SetTuning } from '../../../../src-shared/judge/set-tuning';
import { call, type RouteError } from '../../../bridge/api';
import { useRoute } from '../../../hooks/use-route';

/** What depends on the tuning in force: the agreement (thresholds), drift (noul flips), the results grid and the set. */
const DEPENDENTS = [
  'judge.batch.agreement',
  'judge.batch.drift',
  'judge.batch.grid',
  'judge.batch.gridCase',
  'judge.sets.get',
  'judge.sets.list',
  'judge.sets.revisions',
] as const;

/** Saves one after another, so two saves close together cannot both start from the same tuning. */
let saving: Promise<unknown> = Promise.resolve();

/**
 * Saves thresholds and minimums as the set's next revision (`judge.sets.tune`): the change is
 * applied to the tuning in force as main has it at that moment (not as this view last read it),
 * so a threshold saved on another card meanwhile is kept; then what reads it is refetched.
 */
export function useSaveTuning(setId: string) {
  const qc = useQueryClient();
  return useMutation<unknown, RouteError, (inForce: SetTuning) => SetTuning>({
    mutationFn: (change) => {
      const next = saving.then(async () => {
        const set = await call('judge.sets.get', { id: setId });
        return call('judge.sets.tune', {
          id: setId,
          tuning: change(latestRevision(set).tuning ?? EMPTY_TUNING),
        });
      });
      saving = next.catch(() => undefined);
      return next;
    },
    onSuccess: async () => {
      await Promise.all(DEPENDENTS.map((r) => qc.invalidateQueries({ queryKey: [r] })));
    },
  });
}

/**
 * The tuning in force for a set (its latest revision's), read wherever its answers are shown so
 * a noul value reads at the saved threshold; undefined while loading or for a set not saved.
 */
export function useTuningInForce(setId: string | undefined): SetTuning | undefined {
  const set = useRoute('judge.sets.get', { id: setId ?? '' }, { enabled: !!setId, retry: false });
  return set.data ? latestRevision(set.data).tuning : undefined;
}
