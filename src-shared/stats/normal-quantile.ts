import { checkConfidence, checkProportion } from './stat-checks';

/*
 * Wichura's algorithm AS241 (PPND16): the standard normal quantile as a ratio of two degree-7
 * polynomials on three ranges of p, relative error about 1e-16, so the z of an interval is as
 * exact as a double allows. Coefficients from the published algorithm, rounded to doubles,
 * constant term first.
 */
const CENTRAL_NUM = [
  3.3871328727963665, 133.14166789178438, 1971.5909503065513, 13731.69376550946, 45921.95393154987,
  67265.7709270087, 33430.57558358813, 2509.0809287301227,
];
const CENTRAL_DEN = [
  1, 42.31333070160091, 687.1870074920579, 5394.196021424751, 21213.794301586597, 39307.89580009271,
  28729.085735721943, 5226.495278852854,
];
const NEAR_NUM = [
  1.4234371107496835, 4.630337846156546, 5.769497221460691, 3.6478483247632045, 1.2704582524523684,
  0.2417807251774506, 0.022723844989269184, 0.0007745450142783414,
];
const NEAR_DEN = [
  1, 2.053191626637759, 1.6763848301838038, 0.6897673349851, 0.14810397642748008, 0.015198666563616457,
  0.0005475938084995345, 1.0507500716444169e-9,
];
const TAIL_NUM = [
  6.657904643501103, 5.463784911164114, 1.7848265399172913, 0.29656057182850487, 0.026532189526576124,
  0.0012426609473880784, 0.000027115555687434876, 2.0103343992922881e-7,
];
const TAIL_DEN = [
  1, 0.599832206555888, 0.1369298809227358, 0.014875361290850615, 0.0007868691311456133,
  0.000018463183175100548, 1.421511758316446e-7, 2.0442631033899397e-15,
];

function horner(coefficients: readonly number[], x: number): number {
  let sum = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) sum = sum * x + coefficients[i];
  return sum;
}

/** The standard normal distribution's quantile (inverse CDF) at p in (0, 1). */
export function normalQuantile(p: number): number {
  checkProportion('p', p, true);
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * horner(CENTRAL_NUM, r)) / horner(CENTRAL_DEN, r);
  }
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const x =
    r <= 5
      ? horner(NEAR_NUM, r - 1.6) / horner(NEAR_DEN, r - 1.6)
      : horner(TAIL_NUM, r - 5) / horner(TAIL_DEN, r - 5);
  return q < 0 ? -x : x;
}

/** The z of a two-sided interval at this confidence: 1.96 for 0.95, the 1 − (1 − c)/2 quantile. */
export function zForConfidence(confidence: number): number {
  checkConfidence(confidence);
  return normalQuantile(1 - (1 - confidence) / 2);
}
