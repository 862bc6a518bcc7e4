import type { AnswerProblem } from '../../../src-shared/judge/answer-check';
import { t } from '../../i18n/i18n';

type Field = Extract<AnswerProblem, { code: 'notANumber' }>['field'];
/** A field's name in the window's language. */
const field = (f: Field) => t(`judge.answer.field.${f}`);

/** One problem of an answer that does not fit its question, in the window's language. */
export function problemWords(p: AnswerProblem): string {
  switch (p.code) {
    case 'outOfRange':
      return p.of === undefined
        ? t('judge.problem.outOfRange', { field: field(p.field), value: String(p.value) })
        : t('judge.problem.outOfRangeOf', { field: field(p.field), value: String(p.value), of: p.of });
    case 'notANumber':
      return p.of === undefined
        ? t('judge.problem.notANumber', { field: field(p.field), value: p.raw })
        : t('judge.problem.notANumberOf', { field: field(p.field), value: p.raw, of: p.of });
    case 'sumOff':
      return t('judge.problem.sumOff', { sum: String(p.sum) });
    case 'unknownChoice':
      return t('judge.problem.unknownChoice', { choice: p.choice });
    case 'unknownOption':
      return t('judge.problem.unknownOption', { option: p.option });
    case 'unknownLevel':
      return t('judge.problem.unknownLevel', { score: String(p.score), low: p.low, high: p.high });
    case 'wrongType':
      return t('judge.problem.wrongType', { type: p.type, expected: p.expected });
  }
}
