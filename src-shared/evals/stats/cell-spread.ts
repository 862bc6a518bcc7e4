import { answerValues, checksVerdict, type StatsCell } from './stats-cell';

/**
 * The spread of one cell's samples, for the matrix (docs/architecture.md, "Evals: statistics"):
 * "k of N passed" for the checks and each noul question, the lowest and highest score, each
 * choice's picks. With one sample it is that sample.
 */
export interface CellSpread {
  samples: number;
  errored: number;
  /** Samples that passed the checks, of those that could be checked. */
  checks: { passed: number; of: number };
  questions: (
    | { name: string; kind: 'noul'; yes: number; of: number }
    | { name: string; kind: 'score'; min: number; max: number; of: number }
    | { name: string; kind: 'choice'; picks: Record<string, number>; of: number }
  )[];
}

export function cellSpread(samples: readonly StatsCell[]): CellSpread {
  const spread: CellSpread = {
    samples: samples.length,
    errored: 0,
    checks: { passed: 0, of: 0 },
    questions: [],
  };
  const byName = new Map<string, CellSpread['questions'][number]>();
  for (const s of samples) {
    if (s.state === 'failed') {
      spread.errored++;
      continue;
    }
    const v = checksVerdict(s);
    if (v !== undefined) {
      spread.checks.of++;
      if (v) spread.checks.passed++;
    }
    for (const a of answerValues(s.grades)) {
      let q = byName.get(a.name);
      if (!q) {
        q =
          a.kind === 'noul'
            ? { name: a.name, kind: 'noul', yes: 0, of: 0 }
            : a.kind === 'score'
              ? { name: a.name, kind: 'score', min: Infinity, max: -Infinity, of: 0 }
              : { name: a.name, kind: 'choice', picks: {}, of: 0 };
        byName.set(a.name, q);
        spread.questions.push(q);
      }
      if (q.kind !== a.kind) continue;
      q.of++;
      if (q.kind === 'noul' && a.kind === 'noul' && a.yes) q.yes++;
      if (q.kind === 'score' && a.kind === 'score') {
        q.min = Math.min(q.min, a.position);
        q.max = Math.max(q.max, a.position);
      }
      if (q.kind === 'choice' && a.kind === 'choice') q.picks[a.choice] = (q.picks[a.choice] ?? 0) + 1;
    }
  }
  return spread;
}
