import { z } from 'zod';
import { AppFailure } from '../../../src-shared/result';
import { questionSetDraftSchema } from '../../../src-shared/judge/question-set';
import type { QuestionSetDraft } from '../../../src-shared/judge/question-rules';

/** The export file: versioned, so a later Gatehouse can read (or refuse) an older one clearly. */
export const EXPORT_SCHEMA = 'gatehouse.question-set';
export const EXPORT_VERSION = 1;

export function exportEnvelope(set: QuestionSetDraft): string {
  return JSON.stringify({ schema: EXPORT_SCHEMA, version: EXPORT_VERSION, set }, null, 2);
}

function refuse(reason: string): AppFailure {
  return new AppFailure({
    code: 'invalid_input',
    message: `The file cannot be imported: ${reason}`,
    details: { issues: [{ path: 'file', message: reason }] },
  });
}

/** Reads an export file or throws an AppFailure with the reason; nothing is saved here. */
export function readEnvelope(text: string): QuestionSetDraft {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refuse('it is not valid JSON.');
  }
  const env = z.object({ schema: z.unknown(), version: z.unknown(), set: z.unknown() }).safeParse(parsed);
  if (!env.success || env.data.schema !== EXPORT_SCHEMA)
    throw refuse(`it is not a Gatehouse question set (expected "schema": "${EXPORT_SCHEMA}").`);
  if (env.data.version !== EXPORT_VERSION)
    throw refuse(
      `version ${String(env.data.version)} is not supported (this Gatehouse reads version ${EXPORT_VERSION}).`,
    );
  const set = questionSetDraftSchema.safeParse(env.data.set);
  if (!set.success) {
    const i = set.error.issues[0];
    const path = ['set', ...i.path]
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .slice(1);
    throw refuse(`${path.replace(/\.\[/g, '[')}: ${i.message}`);
  }
  return set.data;
}
