import { listModels } from '../../core/gateway/models-api';
import type { Handlers } from '../handler-types';
import type { settingsRoutes } from '../../../src-shared/ipc/routes/settings-routes';
import type { AppServices } from '../services';

export function settingsHandlers(s: AppServices): Handlers<typeof settingsRoutes> {
  return {
    'profiles.list': () => s.profiles.list(),
    'profiles.save': (input) => s.profiles.saveWithSecrets(input),
    'profiles.delete': ({ id }) => {
      s.profiles.delete(id);
      return null;
    },
    'profiles.activate': ({ id }) => {
      s.profiles.activate(id);
      return null;
    },
    'profiles.setKey': ({ id, key, acceptWeakStorage }) => {
      s.profiles.get(id);
      return s.vault.set(id, key, { acceptWeakStorage });
    },
    'profiles.forgetKey': ({ id }) => s.vault.forget(id),
    'profiles.test': async ({ id }) => {
      const now = s.env.now ?? Date.now;
      const started = now();
      const models = await listModels(s.client, await s.profiles.target(id));
      return {
        models: models.length,
        latencyMs: now() - started,
        sample: models.slice(0, 5).map((m) => m.id),
      };
    },
    'models.list': async ({ profileId }) => listModels(s.client, await s.profiles.target(profileId)),
  };
}
