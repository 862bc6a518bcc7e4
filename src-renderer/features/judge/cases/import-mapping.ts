import type {
  CaseFileFormat,
  CaseFileStop,
  CaseMapping,
  RowPlace,
} from '../../../../src-shared/judge/judge-case-import';
import { formatNumber, t } from '../../../i18n/i18n';

/** The format a file's name says; otherwise main guesses from the text. */
export function formatOfFile(name: string): CaseFileFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.json')) return 'json';
  return undefined;
}

/** The column a question's answers are read from, or '' for none. */
export function columnOfQuestion(mapping: CaseMapping, question: string): string {
  return mapping.expected.find((e) => e.question === question)?.column ?? '';
}

/** The mapping with `question` read from `column` ('' = not imported), keeping the questions' order. */
export function withQuestionColumn(
  mapping: CaseMapping,
  questionOrder: string[],
  question: string,
  column: string,
): CaseMapping {
  const others = mapping.expected.filter((e) => e.question !== question);
  const expected = column === '' ? others : [...others, { column, question }];
  expected.sort((a, b) => questionOrder.indexOf(a.question) - questionOrder.indexOf(b.question));
  return { ...mapping, expected };
}

/** "line 14" / "item 3" / "the file", in the window's language. */
export function placeLabel(p: RowPlace): string {
  if (p.line !== undefined) return t('cases.import.at.line', { n: formatNumber(p.line) });
  if (p.item !== undefined) return t('cases.import.at.item', { n: formatNumber(p.item) });
  return t('cases.import.at.file');
}

/** Why main stopped reading the file, with its numbers, in the window's language. */
export function stoppedText(stop: CaseFileStop): string {
  if (stop.reason === 'bytes')
    return t('cases.import.stoppedBytes', {
      max: `${formatNumber(stop.limit / 1024 / 1024)} MB`,
      at: formatNumber(stop.at),
    });
  return t('cases.import.stoppedRows', {
    max: formatNumber(stop.limit),
    at: formatNumber(stop.at),
    where: stop.line !== undefined || stop.item !== undefined ? placeLabel(stop) : '',
  });
}
