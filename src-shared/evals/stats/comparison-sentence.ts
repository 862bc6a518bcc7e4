import type { DifferenceVerdict } from '../../stats';

/**
 * The English sentence of a column comparison, for the command line and the report
 * (docs/architecture.md, "Evals: statistics"); the window words the same data in its language.
 * Points are percentage points for a rate, the score's levels for a score.
 */

const MINUS = '\u2212';

/** A rate's difference in points: whole points unless the interval is narrower than 2 points. */
export function pointsDigits(v: DifferenceVerdict, unit: 'rate' | 'score'): number {
  if (unit === 'score') return 2;
  const width = v.lower === undefined ? 0 : (v.upper! - v.lower) * 100;
  return width < 2 ? 1 : 0;
}

function number(value: number, unit: 'rate' | 'score', digits: number, sign: boolean): string {
  const text = Math.abs(unit === 'rate' ? value * 100 : value).toFixed(digits);
  if (Number(text) === 0) return text;
  return value < 0 ? MINUS + text : sign ? `+${text}` : text;
}

const pointWord = (text: string) => (/^[+\u2212]?1(\.0+)?$/.test(text) ? 'point' : 'points');

export function comparisonSentence(
  v: DifferenceVerdict,
  unit: 'rate' | 'score',
  names: { a: string; b: string } = { a: 'A', b: 'B' },
): string {
  const rows = `on ${v.cases} ${v.cases === 1 ? 'row' : 'rows'}`;
  if (v.delta === undefined) return `no row has a value in both ${names.a} and ${names.b}`;
  const digits = pointsDigits(v, unit);
  if (v.decisive && v.lower !== undefined) {
    // The winner first, its lead as a positive number: "B beats A by 6 points [2, 10]".
    const flip = v.direction === 'bLower';
    const [winner, loser] = flip ? [names.a, names.b] : [names.b, names.a];
    const lead = number(flip ? -v.delta : v.delta, unit, digits, false);
    const lo = number(flip ? -v.upper! : v.lower, unit, digits, false);
    const hi = number(flip ? -v.lower : v.upper!, unit, digits, false);
    return `${winner} beats ${loser} by ${lead} ${pointWord(lead)} [${lo}, ${hi}] ${rows}`;
  }
  const delta = number(v.delta, unit, digits, true);
  const interval =
    v.lower === undefined
      ? ', no interval,'
      : ` [${number(v.lower, unit, digits, true)}, ${number(v.upper!, unit, digits, true)}]`;
  return `not decisive (${names.b} ${MINUS} ${names.a} = ${delta} ${pointWord(delta)}${interval} ${rows})`;
}
