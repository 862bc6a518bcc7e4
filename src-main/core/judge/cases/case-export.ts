import type { CaseFileFormat } from '../../../../src-shared/judge/judge-case-import';
import { answerCell } from '../../../../src-shared/judge/case-answers';
import type { JudgeCase } from '../../../../src-shared/judge/judge-case';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { answerColumn, NOTE_COLUMN, STATE_COLUMN, STATE_TYPE_COLUMN } from './case-mapping';
import { type CsvOptions, writeCsv } from './csv';

/**
 * A set's cases in the shape the import reads back to the same cases: the state, one column
 * per question of the set (the option's name, the level's number from 1, true or false; empty
 * when the case expects nothing), and the note. CSV cells are text, so CSV adds `state_type`
 * and writes a list or JSON state as its JSON. CSV cells that a spreadsheet would run as formulas
 * are neutralised unless `csv.raw` (csv.ts); JSONL and JSON are always written as they are.
 */
export function exportCases(
  cases: JudgeCase[],
  questions: Question[],
  format: CaseFileFormat,
  csv: CsvOptions = {},
): string {
  const answers = (c: JudgeCase) =>
    questions.flatMap((q) =>
      Object.hasOwn(c.expected, q.name)
        ? [[answerColumn(q), answerCell(q, c.expected[q.name])] as const]
        : [],
    );
  if (format === 'csv') {
    const header = [STATE_COLUMN, STATE_TYPE_COLUMN, ...questions.map(answerColumn), NOTE_COLUMN];
    const rows = cases.map((c) => {
      const byColumn = new Map<string, string>(answers(c).map(([k, v]) => [k, String(v)]));
      return [
        typeof c.state === 'string' ? c.state : JSON.stringify(c.state),
        typeof c.state === 'string' ? 'text' : Array.isArray(c.state) ? 'list' : 'json',
        ...questions.map((q) => byColumn.get(answerColumn(q)) ?? ''),
        c.note,
      ];
    });
    return writeCsv([header, ...rows], csv);
  }
  const objects = cases.map((c) => ({
    [STATE_COLUMN]: c.state,
    ...Object.fromEntries(answers(c)),
    ...(c.note !== '' ? { [NOTE_COLUMN]: c.note } : {}),
  }));
  if (format === 'jsonl') return objects.map((o) => `${JSON.stringify(o)}\n`).join('');
  return `${JSON.stringify(objects, null, 2)}\n`;
}
