import { pairQuestion, type PairedQuestion } from '../../../../src-shared/judge/metrics';
import type { Question } from '../../../../src-shared/judge/question-rules';
import type { LabelledRun } from '../batch/labelled-run';

/**
 * The questions of the last loaded run paired, and for which run. One run only: a run's pairs
 * weigh about 60 MB at 100,000 cases × 3 questions, and the one worth keeping is the run whose
 * agreement was just read, which its drift (as run A) reads next.
 */
let kept: { run: LabelledRun; byQuestion: Map<Question, PairedQuestion> } | undefined;

/** How many times a question was paired (tests read it). */
export const pairings = { count: 0 };

/**
 * A question of a loaded run paired with the labels (`pairQuestion`), kept for the last run
 * paired, so the agreement and a drift after it (docs/architecture.md, "Judge agreement and
 * drift") do not read 100,000 answers again. A loaded run is replaced, never changed, when its
 * results or labels change, so it is the key; `question` is one of its own `questions`. The
 * metrics only read what is paired (they sort copies).
 */
export function pairedQuestion(run: LabelledRun, question: Question): PairedQuestion {
  if (kept?.run !== run) kept = { run, byQuestion: new Map() };
  let paired = kept.byQuestion.get(question);
  if (!paired) {
    pairings.count++;
    paired = pairQuestion(
      question,
      run.rows.map((r) => r.labelled),
    );
    kept.byQuestion.set(question, paired);
  }
  return paired;
}
