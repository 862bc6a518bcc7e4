import { type ExtraBody, mergeExtraBody } from '../request/extra-body';
import { type Question, wireQuestions } from './question-rules';
import type { StateValue } from './state-input';

/**
 * The judge request's body (spec §2.4; `stream` left out, the endpoint does not stream), extras
 * after the form's fields. Main sends it and the window previews it (zod-free on purpose).
 */
export function judgeRequestBody(input: {
  model: string;
  state: StateValue;
  questions: Question[];
  extra?: ExtraBody;
}) {
  return mergeExtraBody(
    'judge',
    { model: input.model, state: input.state, questions: wireQuestions(input.questions) },
    input.extra,
  );
}
