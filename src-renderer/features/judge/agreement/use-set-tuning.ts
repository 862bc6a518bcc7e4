import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetTuning } from '../../../../src-shared/judge/set-tuning';
import { call, type RouteError } from '../../../bridge/api';

/** What depends on the tuning in force: the agreement (thresholds), drift (noul flips) and the set. */
const DEPENDENTS = [
  'judge.batch.agreement',
  'judge.batch.drift',
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
