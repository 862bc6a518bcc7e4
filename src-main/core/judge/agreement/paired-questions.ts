import { pairQuestion, type PairedQuestion } from '../../../../src-shared/judge/metrics';
import type { Question } from '../../../../src-shared/judge/question-rules';
import type { LabelledRun } from '../batch/labelled-run';

/** Each loaded run's questions paired with its labels, for as long as the loaded run is kept. */
const pairedByRun = new WeakMap<LabelledRun, Map<Question, PairedQuestion>>();

/** How many times a question was paired (tests read it). */
export const pairings = { count: 0 };

/**
 * A question of a loaded run paired with the labels (`pairQuestion`): read once per loaded run,
 * so the agreement and a drift after it (docs/architecture.md, "Judge agreement and drift") do
 * not read 100,000 answers again. A loaded run is replaced, never changed, when its results or
 * labels change, so it is the key; `question` is one of its own `questions`. The metrics only
 * read what is paired (they sort copies).
 */
export function pairedQuestion(run: LabelledRun, question: Question): PairedQuestion {
  let byQuestion = pairedByRun.get(run);
  if (!byQuestion) pairedByRun.set(run, (byQuestion = new Map()));
  let paired = byQuestion.get(question);
  if (!paired) {
    pairings.count++;
    paired = pairQuestion(
      question,
      run.rows.map((r) => r.labelled),
    );
    byQuestion.set(question, paired);
  }
  return paired;
}
