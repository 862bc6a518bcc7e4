import { MODEL_CATALOG } from '../model-catalog';
import type { SandboxRoute } from '../route-types';

export const modelsRoute: SandboxRoute = {
  method: 'GET',
  path: '/v1/models',
  handle(ctx) {
    ctx.sendJson(200, {
      object: 'list',
      data: MODEL_CATALOG.map((m) => ({
        id: m.id,
        object: 'model',
        created: m.created,
        owned_by: 'sandbox',
      })),
    });
  },
};
