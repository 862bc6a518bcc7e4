import type { SandboxContext } from '../route-types';
import { asksHelpfulness, fit, isEmpty, profileOf } from './judge-concepts';
import { helpfulness, stateFeatures } from './judge-cues';
import {
  confidenceOf,
  drifted,
  driftedNoul,
  type JudgeVersion,
  noulValue,
  scoresFor,
  softmax,
  words,
} from './judge-scoring';

export interface CheckedQuestion {
  name: string;
  type: 'choice' | 'score' | 'noul';
  instructions: string;
  options: [string, string][];
  levels: string[];
}

type Rec = Record<string, unknown>;

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
/** How much one unit of cue fit moves a choice's score (before the version's sharpness). */
const CHOICE_WEIGHT = 1.3;
/** How sure a yes/no statement reads per unit of fit: 0.5 of fit is about 0.9. */
const NOUL_SLOPE = 4.5;
/** The spread of a score's distribution around its position, in levels. */
const SCORE_SPREAD = 0.6;
/**
 * How far a misreading may move a cue fit (half each way), seeded by the state and question and
 * the same for every version: a stand-in that is never wrong would make agreement trivial.
 */
const MISREAD = 1.0;
/** The same for a score's position, in levels. */
const MISREAD_LEVELS = 1.2;

/**
 * The Sandbox's judgement (docs/architecture.md, "The Sandbox judge"): from the cues of the state
 * (`judge-cues.ts`) that each question's text names (`judge-concepts.ts`), with word overlap as
 * the fallback for text that names none. Seeded by the state and the question only, so the same
 * request answers the same; then each version's known differences and seeded drift.
 */
export function judgeAnswers(
  stateText: string,
  questions: CheckedQuestion[],
  version: JudgeVersion,
  seed: SandboxContext['seed'],
  pinned: string,
): Rec {
  const stateWords = new Set(words(stateText));
  const features = stateFeatures(stateText, version.blind);
  // Null prototype: a question named "__proto__" is an answer key, not the object's prototype.
  const answers: Rec = Object.create(null) as Rec;
  for (const q of questions) {
    const parts = [stateText, q.name, q.type, q.instructions, q.options, q.levels];
    const rng = seed('judge', pinned, ...parts);
    const driftRng = seed('judge-drift', version.version, ...parts);
    if (q.type === 'choice') {
      const overlap = scoresFor(
        stateWords,
        q.options.map(([n, d]) => `${n} ${d} ${q.instructions}`),
        rng,
      );
      const profiles = q.options.map(([n, d]) => profileOf(`${n} ${d}`));
      const cued = profiles.some((p) => !isEmpty(p));
      // Cues decide when the options name any; overlap then only nudges.
      const scores = overlap.map((o, i) =>
        cued ? CHOICE_WEIGHT * (fit(profiles[i], features) + (rng.next() - 0.5) * MISREAD) + 0.3 * o : o,
      );
      const probs = softmax(drifted(scores, version, driftRng), version.sharpness);
      const top = probs.indexOf(Math.max(...probs));
      answers[q.name] = {
        type: 'choice',
        choice: q.options[top][0],
        probabilities: Object.fromEntries(q.options.map(([n], i) => [n, probs[i]])),
        confidence: confidenceOf(probs),
      };
    } else if (q.type === 'score') {
      const probs = scoreProbabilities(q, features, stateWords, version, rng, driftRng);
      const expected = probs.reduce((sum, p, i) => sum + p * i, 0);
      answers[q.name] = {
        type: 'score',
        score: Math.round(expected * 1000) / 1000,
        probabilities: Object.fromEntries(probs.map((p, i) => [String(i), p])),
        confidence: confidenceOf(probs),
      };
    } else {
      const profile = profileOf(q.instructions);
      const noul = isEmpty(profile)
        ? noulValue(stateWords, q.instructions, rng)
        : round4(
            clamp(sigmoid(NOUL_SLOPE * (fit(profile, features) + (rng.next() - 0.5) * MISREAD)), 0.02, 0.98),
          );
      answers[q.name] = { type: 'noul', noul: driftedNoul(noul, version, driftRng) };
    }
  }
  return answers;
}

/**
 * A score question's distribution: levels are read as ordered from worst to best, and the state's
 * position on them (helpfulness, or the fit to the concepts the instructions name) is the centre
 * of a rounded bell over the levels. Instructions naming neither fall back to word overlap.
 */
function scoreProbabilities(
  q: CheckedQuestion,
  features: ReturnType<typeof stateFeatures>,
  stateWords: Set<string>,
  version: JudgeVersion,
  rng: ReturnType<SandboxContext['seed']>,
  driftRng: ReturnType<SandboxContext['seed']>,
): number[] {
  const top = q.levels.length - 1;
  const profile = profileOf(q.instructions);
  let position: number | undefined;
  if (asksHelpfulness(q.instructions)) position = helpfulness(features);
  else if (!isEmpty(profile)) position = clamp(0.5 + fit(profile, features), 0, 1);
  if (position === undefined) {
    const scores = scoresFor(stateWords, q.levels, rng);
    return softmax(drifted(scores, version, driftRng), version.sharpness);
  }
  const jitter =
    (rng.next() - 0.5) * MISREAD_LEVELS + (version.drift ? (driftRng.next() - 0.5) * version.drift * 2 : 0);
  const centre = clamp(position * top + version.scoreBias + jitter, 0, top);
  const spread = (SCORE_SPREAD * 2.5) / version.sharpness;
  return softmax(
    q.levels.map((_, i) => -((i - centre) ** 2) / (2 * spread ** 2)),
    1,
  );
}
