import { join } from 'node:path';
import type { GatewayClient } from '../gateway/gateway-client';
import type { DesktopActions } from '../media/desktop-actions';
import type { ProfileService } from '../profiles/profile-service';
import { JsonCollection } from '../storage/json-collection';
import type { StorageNotices } from '../storage/storage-notices';
import { JudgeService } from './judge-service';
import { judgeRunSchema } from '../../../src-shared/judge/judge-run';
import { storedSetSchema } from '../../../src-shared/judge/question-set';

/** Sets under `<dataDir>/judge-sets`, runs under `<dataDir>/judge-runs`, one file each. */
export function createJudgeService(deps: {
  dataDir: string;
  notices: StorageNotices;
  client: GatewayClient;
  profiles: ProfileService;
  desktop: DesktopActions;
  now?: () => number;
}): JudgeService {
  return new JudgeService({
    client: deps.client,
    profiles: deps.profiles,
    sets: new JsonCollection(join(deps.dataDir, 'judge-sets'), storedSetSchema, deps.notices),
    runs: new JsonCollection(join(deps.dataDir, 'judge-runs'), judgeRunSchema, deps.notices),
    desktop: deps.desktop,
    now: deps.now,
  });
}
