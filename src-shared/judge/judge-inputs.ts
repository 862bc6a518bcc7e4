import { z } from 'zod';
import { extraBodySchema } from '../request/extra-body-schema';
import { JUDGE_MODELS } from './judge-estimate';
import { questionSetDraftSchema, setIdSchema, type SetSummary, type StoredSet } from './question-set';
import { STATE_MODES, STATE_TEXT_MAX } from './state-input';

export const saveSetSchema = z.object({ id: setIdSchema.optional(), set: questionSetDraftSchema });

export const stateInputSchema = z.object({
  mode: z.enum(STATE_MODES as [string, ...string[]], { message: 'must be text, json or list' }),
  text: z.string().max(STATE_TEXT_MAX, `must be at most ${STATE_TEXT_MAX.toLocaleString('en')} characters`),
});

export const runJudgeSchema = z.object({
  setId: setIdSchema,
  model: z.enum(JUDGE_MODELS, { message: `must be one of ${JUDGE_MODELS.join(', ')}` }),
  state: stateInputSchema,
  extra: extraBodySchema('judge').optional(),
});

/** A question set file is a few questions; the window checks a file's size against this before reading it. */
export const SET_FILE_TEXT_MAX = 5_000_000;

export const importSetSchema = z.object({
  text: z.string().max(SET_FILE_TEXT_MAX, 'must be at most 5 MB'),
  /** What to do when a set of that name exists: ask first (default), import as a copy, or replace it. */
  onClash: z.enum(['ask', 'copy', 'replace']).default('ask'),
});

export type ImportOutcome =
  { status: 'imported'; set: StoredSet } | { status: 'clash'; existing: SetSummary; incomingName: string };
