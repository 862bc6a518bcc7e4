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
  if (g.kind === 'score') {
    // The level nearest the expected score says in words what the number means.
    const near = g.position === undefined ? undefined : g.levels?.[Math.round(g.position)]?.description;
    return {
      name: g.name,
      answer:
        g.score === undefined
          ? '—'
          : `${formatNumber(g.score, { maximumFractionDigits: 2 })}${near ? ` · ${near}` : ''}`,
      bars: (g.levels ?? []).map((l) => `${l.label}: ${pct(l.probability)}`),
      flagged,
    };
  }
  if (g.kind === 'noul')
    return {
      name: g.name,
      answer: g.noul === undefined ? '—' : t('evalRuns.detail.noul', { p: pct(g.noul) }),
      bars: [],
      flagged,
    };
  return { name: String(grade.name ?? '?'), answer: '—', bars: [], flagged: true };
}
