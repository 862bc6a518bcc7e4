import { z } from 'zod';
import { extraBodySchema, storedExtraSchema } from '../request/extra-body-schema';
import { MODEL_ID_MAX } from '../input-limits';
import { chatParamsSchema } from './conversation';
import { promptVariablesSchema } from './prompt-variables-schema';

export const PRESETS_MAX = 200;
const presetId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a preset id');

/** A preset as stored: read back leniently, so presets saved by any version open. */
export const chatPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  updatedAt: z.number(),
  model: z.string(),
  system: z.string(),
  params: chatParamsSchema,
  extra: storedExtraSchema,
  variables: z.record(z.string(), z.string()).optional(),
});
export type ChatPreset = z.infer<typeof chatPresetSchema>;

/** Saving a preset: a new one without `id`; a preset with the same name is replaced. */
export const savePresetSchema = z.object({
  id: presetId.optional(),
  name: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  model: z.string().trim().max(MODEL_ID_MAX, `must be at most ${MODEL_ID_MAX} characters`).default(''),
  system: z.string().max(200_000, 'must be at most 200,000 characters').default(''),
  params: chatParamsSchema.default({}),
  extra: extraBodySchema('chat').optional(),
  variables: promptVariablesSchema.optional(),
});
export type SavePresetInput = z.input<typeof savePresetSchema>;

export const presetIdInput = z.object({ id: presetId });
