import { useQueryClient } from '@tanstack/react-query';
import { useJudge } from './judge-store';

/** Store actions that change what main has saved, followed by a refetch of the lists that show it. */
export function useJudgeActions() {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['judge.sets.list'] });
    void qc.invalidateQueries({ queryKey: ['judge.runs.list'] });
    void qc.invalidateQueries({ queryKey: ['judge.sets.revisions'] });
  };
  return {
    save: async () => {
      const stored = await useJudge.getState().save();
      if (stored) refresh();
      return stored;
    },
    saveAsNew: async () => {
      const stored = await useJudge.getState().saveAsNew();
      if (stored) refresh();
      return stored;
    },
    run: async () => {
      await useJudge.getState().run();
      refresh();
    },
    refresh,
  };
}
