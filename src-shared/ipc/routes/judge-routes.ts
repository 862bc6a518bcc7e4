import { z } from 'zod';
import { route } from '../define-route';
import type { OpenedRun, RunSummary } from '../../judge/judge-run';
import {
  type RevisionSummary,
  type SetAtRevision,
  setIdSchema,
  type SetSummary,
  type StoredSet,
} from '../../judge/question-set';
import { type ImportOutcome, importSetSchema, runJudgeSchema, saveSetSchema } from '../../judge/judge-inputs';
import { SET_NAME_MAX } from '../../judge/question-rules';
import { setTuningSchema } from '../../judge/set-tuning';

const bySet = z.object({ id: setIdSchema });
const runId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be a saved run id') });

export const judgeRoutes = {
  'judge.sets.list': route<SetSummary[]>()(z.object({})),
  'judge.sets.get': route<StoredSet>()(bySet),
  'judge.sets.save': route<StoredSet>()(saveSetSchema),
  'judge.sets.rename': route<SetSummary>()(
    bySet.extend({
      name: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(SET_NAME_MAX, `must be at most ${SET_NAME_MAX} characters`),
    }),
  ),
  /** Newest first. */
  'judge.sets.revisions': route<RevisionSummary[]>()(bySet),
  /** The set as it was at one revision, read-only. */
  'judge.sets.revision': route<SetAtRevision>()(
    bySet.extend({ revision: z.number().int('must be a whole number').positive('must be 1 or more') }),
  ),
  /** A revision's questions and tuning saved as a new revision (history is never rewritten). */
  'judge.sets.restore': route<StoredSet>()(
    bySet.extend({ revision: z.number().int('must be a whole number').positive('must be 1 or more') }),
  ),
  /** Thresholds and minimums saved as a new revision with the same questions. */
  'judge.sets.tune': route<StoredSet>()(bySet.extend({ tuning: setTuningSchema })),
  'judge.sets.duplicate': route<StoredSet>()(bySet),
  'judge.sets.delete': route<null>()(bySet),
  /** Resolves to where the file was written, or null when the user cancelled. */
  'judge.sets.export': route<string | null>()(bySet),
  'judge.sets.import': route<ImportOutcome>()(importSetSchema),
  /** The saved run with the questions of the revision it used. */
  'judge.run': route<OpenedRun>()(runJudgeSchema),
  'judge.runs.list': route<RunSummary[]>()(z.object({ setId: setIdSchema })),
  /** A run with the questions of the set revision it used. */
  'judge.runs.get': route<OpenedRun>()(runId),
  'judge.runs.delete': route<null>()(runId),
};
