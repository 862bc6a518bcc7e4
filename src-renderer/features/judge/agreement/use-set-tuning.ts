import { useMutation, useQueryClient } from '@tanstack/react-query';
import { latestRevision } from '../../../../src-shared/judge/question-set';
import type { SetTuning } from '../../../../src-shared/judge/set-tuning';
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

/**
 * Saves thresholds and minimums as the set's next revision (`judge.sets.tune`), always sending
 * the whole tuning in force with the one change merged in, then refetches what reads it.
 */
export function useSaveTuning(setId: string) {
  const qc = useQueryClient();
  return useMutation<unknown, RouteError, SetTuning>({
    mutationFn: (tuning) => call('judge.sets.tune', { id: setId, tuning }),
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
