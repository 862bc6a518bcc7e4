import { cohenKappa, type KappaResult, wilsonInterval, type WilsonInterval } from '../../stats';
import { cellValue, type StatsCell, type StatsOf } from './stats-cell';

/**
 * How the grader agrees with the cells the user marked good or bad (docs/architecture.md,
 * "Evals: statistics"): the grader's verdict is the checks' pass or a noul question's yes at
 * 0.5; "good" agrees with a pass. Each marked cell (one sample) is a case. Agreement with its
 * Wilson interval, Cohen's kappa with its interval, and the 2×2 counts.
 */
export type CellMark = 'good' | 'bad';

export interface MarksAgreement {
  of: StatsOf;
  /** Marked cells the grader gave a verdict on, and those it did not (errored, nothing checkable). */
  cases: number;
  withoutVerdict: number;
  counts: { goodPass: number; goodFail: number; badPass: number; badFail: number };
  agreement: WilsonInterval;
  kappa: KappaResult;
}

/** Push each marked cell with its mark, then `finish`; the cells carry no reply. */
export class MarksAgreementAccumulator {
  private readonly counts = { goodPass: 0, goodFail: 0, badPass: 0, badFail: 0 };
  private withoutVerdict = 0;

  constructor(readonly of: StatsOf) {
    if (of !== 'checks' && typeof of.question !== 'string')
      throw new RangeError('of: must be "checks" or a question');
  }

  push(cell: StatsCell, mark: CellMark): void {
    const v = cellValue(cell, this.of);
    if (v === undefined || (v !== 0 && v !== 1)) {
      this.withoutVerdict++;
      return;
    }
    const pass = v === 1;
    if (mark === 'good') this.counts[pass ? 'goodPass' : 'goodFail']++;
    else this.counts[pass ? 'badPass' : 'badFail']++;
  }

  finish(confidence = 0.95): MarksAgreement {
    const { goodPass, goodFail, badPass, badFail } = this.counts;
    const cases = goodPass + goodFail + badPass + badFail;
    return {
      of: this.of,
      cases,
      withoutVerdict: this.withoutVerdict,
      counts: { ...this.counts },
      agreement: wilsonInterval(goodPass + badFail, cases, confidence),
      // Rows the user's mark (good, bad), columns the grader's (pass, fail).
      kappa: cohenKappa(
        [
          [goodPass, goodFail],
          [badPass, badFail],
        ],
        'none',
        confidence,
      ),
    };
  }
}

/** The agreement of a list of marked cells, in one call. */
export function marksAgreement(
  marked: readonly { cell: StatsCell; mark: CellMark }[],
  of: StatsOf,
): MarksAgreement {
  const acc = new MarksAgreementAccumulator(of);
  for (const m of marked) acc.push(m.cell, m.mark);
  return acc.finish();
}
