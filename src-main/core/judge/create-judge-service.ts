import type { GatewayClient } from '../gateway/gateway-client';
import type { DesktopActions } from '../media/desktop-actions';
import type { ProfileService } from '../profiles/profile-service';
import type { Repositories } from '../db/repositories';
import { JudgeService } from './judge-service';
import type { TokenCounter } from './token-counter';

/** Sets (with their revisions) and runs live in the content database. */
export function createJudgeService(deps: {
  repos: Pick<Repositories, 'sets' | 'runs'>;
  client: GatewayClient;
  profiles: ProfileService;
  desktop: DesktopActions;
  tokens?: TokenCounter;
  now?: () => number;
}): JudgeService {
  return new JudgeService({
    client: deps.client,
    profiles: deps.profiles,
    sets: deps.repos.sets,
    runs: deps.repos.runs,
    desktop: deps.desktop,
    tokens: deps.tokens,
    now: deps.now,
  });
}
