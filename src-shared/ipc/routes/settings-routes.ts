import { z } from 'zod';
import { route } from '../define-route';
import { profileInputSchema } from '../../profiles/profile';
import type { KeyStatus, ModelInfo, ProfileView } from '../../profiles/profile-view';

const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a profile id');
const profileId = z.object({ id });

export interface ConnectionTest {
  models: number;
  latencyMs: number;
  sample: string[];
}

export const settingsRoutes = {
  'profiles.list': route<{ profiles: ProfileView[]; activeId: string }>()(z.object({})),
  'profiles.save': route<ProfileView>()(profileInputSchema),
  'profiles.delete': route<null>()(profileId),
  'profiles.activate': route<null>()(profileId),
  'profiles.setKey': route<KeyStatus>()(
    z.object({
      id,
      key: z
        .string()
        .trim()
        .min(1, 'is required: paste a key starting with sk-')
        .max(4096, 'must be at most 4,096 characters'),
      acceptWeakStorage: z.boolean().optional(),
    }),
  ),
  'profiles.forgetKey': route<KeyStatus>()(profileId),
  'profiles.test': route<ConnectionTest>()(profileId),
  'models.list': route<ModelInfo[]>()(z.object({ profileId: id.optional() })),
};
