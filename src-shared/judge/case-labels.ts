import type { Question } from './question-rules';
import type { Label } from './metrics/label-pairing';

/**
 * A saved case's expected answers as the metrics read labels: a choice's option by name (cases
 * keep its index), a score's level index, a noul's true or false. An index outside the question
 * is left out, so the case counts as unlabelled for that question rather than mislabelled.
 */
export function caseLabels(
  expected: Readonly<Record<string, number | boolean>>,
  questions: readonly Question[],
): Record<string, Label> {
  const labels: Record<string, Label> = {};
  for (const q of questions) {
    if (!Object.hasOwn(expected, q.name)) continue;
    const value = expected[q.name];
    if (q.type === 'choice' && typeof value === 'number') {
      const option = q.options[value];
      if (option) labels[q.name] = option.name;
    } else if (q.type === 'score' && typeof value === 'number') labels[q.name] = value;
    else if (q.type === 'noul' && typeof value === 'boolean') labels[q.name] = value;
  }
  return labels;
}
