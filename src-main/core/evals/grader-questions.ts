import type { EvalSpec } from '../../../src-shared/evals/eval-definition';
import type { Question } from '../../../src-shared/judge/question-rules';
import { invalidInput } from '../../../src-shared/result';
import type { QuestionSetRepository } from '../db/question-set-repository';

/** The grader's questions at the pinned revision, or a refusal naming the field; a set file is the command line's. */
export function graderQuestions(
  sets: Pick<QuestionSetRepository, 'get'>,
  spec: EvalSpec,
): Question[] | undefined {
  const grader = spec.grader;
  if (!grader) return undefined;
  if (grader.set.kind !== 'saved')
    throw invalidInput(
      'grader.set',
      'must be a saved question set in the app (a set file is for the command line)',
    );
  const { setId, revision } = grader.set;
  const found = sets.get(setId)?.revisions.find((r) => r.revision === revision);
  if (!found)
    throw invalidInput(
      'grader.set',
      `names revision ${revision} of the set ${setId}, which no longer exists`,
    );
  return found.questions;
}
