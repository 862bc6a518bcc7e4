import type { Handlers } from '../handler-types';
import type { judgeRoutes } from '../../../src-shared/ipc/routes/judge-routes';
import type { AppServices } from '../services';

export function judgeHandlers(s: AppServices): Handlers<typeof judgeRoutes> {
  return {
    'judge.sets.list': () => s.judge.listSets(),
    'judge.sets.get': ({ id }) => s.judge.getSet(id),
    'judge.sets.save': ({ id, set }) => s.judge.saveSet(id, set),
    'judge.sets.rename': ({ id, name }) => s.judge.renameSet(id, name),
    'judge.sets.revisions': ({ id }) => s.judge.listRevisions(id),
    'judge.sets.revision': ({ id, revision }) => s.judge.getRevision(id, revision),
    'judge.sets.restore': ({ id, revision }) => s.judge.restoreRevision(id, revision),
    'judge.sets.tune': ({ id, tuning }) => s.judge.tuneSet(id, tuning),
    'judge.sets.duplicate': ({ id }) => s.judge.duplicateSet(id),
    'judge.sets.delete': ({ id }) => {
      s.judge.deleteSet(id);
      return null;
    },
    'judge.sets.export': ({ id }) => s.judge.exportSet(id),
    'judge.sets.import': ({ text, onClash }) => s.judge.importSet(text, onClash),
    'judge.run': (input) => s.judge.run(input),
    'judge.runs.list': ({ setId }) => s.judge.listRuns(setId),
    'judge.runs.get': ({ id }) => s.judge.getRunWithQuestions(id),
    'judge.runs.delete': ({ id }) => {
      s.judge.deleteRun(id);
      return null;
    },
  };
}
