import { z } from 'zod';
import { AppFailure } from '../../../src-shared/result';
import { questionSetDraftSchema } from '../../../src-shared/judge/question-set';
import type { Question, QuestionSetDraft } from '../../../src-shared/judge/question-rules';
import { EMPTY_TUNING, type SetTuning, setTuningSchema } from '../../../src-shared/judge/set-tuning';

/**
 * The export file: versioned, so a later Gatehouse can read (or refuse) an older one clearly.
 * Version 1 holds the questions; version 2 adds the latest revision's tuning (thresholds and
 * minimums, docs/architecture.md "Judge thresholds"), which the command line gates on.
 */
export const EXPORT_SCHEMA = 'gatehouse.question-set';
export const EXPORT_VERSION = 2;
const READABLE_VERSIONS: readonly unknown[] = [1, 2];

/** A set as a file carries it: the questions, and (version 2) the tuning saved with them. */
export interface TransferredSet {
  set: QuestionSetDraft;
  /** Undefined for a version 1 file, which predates tuning. */
  tuning: SetTuning | undefined;
}

/**
 * A question as the file carries it: only its type's fields. The builder keeps both `options` and
 * `levels` whatever the type (question-rules.ts), so without this a choice question would carry
 * empty `levels`. Files written before carry them; import still reads those (the schema defaults
 * a missing list to empty).
 */
export type ExportedQuestion =
  | Pick<Question, 'name' | 'type' | 'instructions'>
  | Pick<Question, 'name' | 'type' | 'instructions' | 'options'>
  | Pick<Question, 'name' | 'type' | 'instructions' | 'levels'>;

export function exportedQuestion(q: Question): ExportedQuestion {
  const base = { name: q.name, type: q.type, instructions: q.instructions };
  if (q.type === 'choice') return { ...base, options: q.options };
  if (q.type === 'score') return { ...base, levels: q.levels };
  return base;
}

export function exportEnvelope(draft: QuestionSetDraft, tuning: SetTuning | undefined): string {
  const set = { name: draft.name, questions: draft.questions.map(exportedQuestion) };
  // No thresholds and no minimums reads back the same as none: the file says "never tuned".
  const tuned =
    tuning && (Object.keys(tuning.thresholds).length > 0 || Object.keys(tuning.minimums).length > 0);
  const body = { schema: EXPORT_SCHEMA, version: EXPORT_VERSION, set, tuning: tuned ? tuning : null };
  return JSON.stringify(body, null, 2);
}

function refuse(reason: string): AppFailure {
  return new AppFailure({
    code: 'invalid_input',
    message: `The file cannot be imported: ${reason}`,
    details: { issues: [{ path: 'file', message: reason }] },
  });
}

/** `set.questions[0].levels` from zod's path. */
function pathText(root: string, path: readonly PropertyKey[]): string {
  return [root, ...path]
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .slice(1)
    .replace(/\.\[/g, '[');
}

function readTuning(raw: unknown, set: QuestionSetDraft): SetTuning {
  // A version 2 file of a set never tuned says so with null: no thresholds, no minimums (a set
  // it replaces loses its own, as the file says), unlike a version 1 file, which says nothing.
  if (raw === null || raw === undefined) return EMPTY_TUNING;
  const tuning = setTuningSchema.safeParse(raw);
  if (!tuning.success) {
    const i = tuning.error.issues[0];
    throw refuse(`${pathText('tuning', i.path)}: ${i.message}`);
  }
  for (const name of Object.keys(tuning.data.thresholds)) {
    const q = set.questions.find((x) => x.name === name);
    if (q?.type !== 'noul')
      throw refuse(
        `tuning.thresholds.${name}: must name a noul question of the set (${q ? `“${name}” is a ${q.type} question` : `the set has no question “${name}”`}).`,
      );
  }
  return tuning.data;
}

/** Reads an export file or throws an AppFailure with the reason; nothing is saved here. */
export function readEnvelope(text: string): TransferredSet {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refuse('it is not valid JSON.');
  }
  const env = z
    .object({ schema: z.unknown(), version: z.unknown(), set: z.unknown(), tuning: z.unknown().optional() })
    .safeParse(parsed);
  if (!env.success || env.data.schema !== EXPORT_SCHEMA)
    throw refuse(`it is not a Gatehouse question set (expected "schema": "${EXPORT_SCHEMA}").`);
  if (!READABLE_VERSIONS.includes(env.data.version))
    throw refuse(
      `version ${String(env.data.version)} is not supported (this Gatehouse reads versions ${READABLE_VERSIONS.join(' and ')}; a newer file needs a newer Gatehouse).`,
    );
  const set = questionSetDraftSchema.safeParse(env.data.set);
  if (!set.success) {
    const i = set.error.issues[0];
    throw refuse(`${pathText('set', i.path)}: ${i.message}`);
  }
  const tuning = env.data.version === 1 ? undefined : readTuning(env.data.tuning, set.data);
  return { set: set.data, tuning };
}
