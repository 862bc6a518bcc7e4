import type { SandboxRoute } from '../route-types';

/**
 * `GET /sandbox/stats`: what the Sandbox has been asked, for tests that run it as a process of
 * its own (end-to-end tests check that a batch run or an eval run resumed after a restart sent no
 * finished case or cell again). Not a gateway endpoint: the real gateway has nothing like it.
 */
export const sandboxStatsRoute: SandboxRoute = {
  method: 'GET',
  path: '/sandbox/stats',
  public: true,
  handle(ctx) {
    let chatTotal = 0;
    for (const n of ctx.state.chatRequests.values()) chatTotal += n;
    ctx.sendJson(200, {
      chatRequests: { total: chatTotal, byModel: Object.fromEntries(ctx.state.chatRequests) },
      judgeRequests: {
        total: ctx.state.judgeRequestTotal(),
        byModel: Object.fromEntries(ctx.state.judgeRequests),
      },
    });
  },
};
