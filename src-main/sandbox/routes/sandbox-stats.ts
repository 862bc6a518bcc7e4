import type { SandboxRoute } from '../route-types';

/**
 * `GET /sandbox/stats`: what the Sandbox has been asked, for tests that run it as a process of
 * its own (an end-to-end test checks that a batch run resumed after a restart without sending a
 * finished case again). Not a gateway endpoint: the real gateway has nothing like it.
 */
export const sandboxStatsRoute: SandboxRoute = {
  method: 'GET',
  path: '/sandbox/stats',
  public: true,
  handle(ctx) {
    ctx.sendJson(200, {
      judgeRequests: {
        total: ctx.state.judgeRequestTotal(),
        byModel: Object.fromEntries(ctx.state.judgeRequests),
      },
    });
  },
};
