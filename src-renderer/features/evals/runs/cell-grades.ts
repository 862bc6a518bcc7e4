import type { JudgeAnswer } from '../../../../src-shared/judge/judge-answers';
import { formatNumber, t } from '../../../i18n/i18n';

/**
 * A cell's grades (the judge's parsed answers, src-shared/judge/judge-answers.ts, as the cell
 * stores them) in lines for the cell view: the answer, then each option's or level's probability.
 */
export interface GradeLines {
  name: string;
  answer: string;
  bars: string[];
  flagged: boolean;
}

const pct = (p: number | undefined) => (p === undefined ? '—' : `${formatNumber(Math.round(p * 100))} %`);

export function gradeLines(grade: Record<string, unknown>): GradeLines {
  const g = grade as unknown as JudgeAnswer;
  const problems = (grade as { problems?: unknown }).problems;
  const flagged = Array.isArray(problems) && problems.length > 0;
  if (g.kind === 'choice')
    return {
      name: g.name,
      answer: g.choice ?? '—',
      bars: (g.options ?? []).map((o) => `${o.name} ${pct(o.probability)}`),
      flagged,
    };
  if (g.kind === 'score')
    return {
      name: g.name,
      answer: g.score === undefined ? '—' : String(g.score),
      bars: (g.levels ?? []).map(
        (l) => `${l.label}${l.description ? ` (${l.description})` : ''} ${pct(l.probability)}`,
      ),
      flagged,
    };
  if (g.kind === 'noul')
    return {
      name: g.name,
      answer: g.noul === undefined ? '—' : t('evalRuns.detail.noul', { p: g.noul.toFixed(2) }),
      bars: [],
      flagged,
    };
  return { name: String(grade.name ?? '?'), answer: '—', bars: [], flagged: true };
}
