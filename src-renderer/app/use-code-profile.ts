import { useMemo } from 'react';
import type { ProfileView } from '../../src-shared/profiles/profile-view';
import { type CodeProfile, codeProfileOf } from '../../src-shared/request/code-connection';
import { useRoute } from '../hooks/use-route';

/** Placeholder host while the Sandbox has not started (it starts on first use). */
export const SANDBOX_NOT_RUNNING = 'http://127.0.0.1:PORT';

/**
 * The active profile (or the one named: an eval cell's target may be on another) as generated
 * code should call it, as main calls it: its addresses, auth
 * scheme, extra headers (a secret one by name only: the window never has its value) and query.
 */
export function useCodeProfile(profileId?: string): CodeProfile {
  const profiles = useRoute('profiles.list', {}, { refetchOnMount: 'always' });
  const wanted = profileId ?? profiles.data?.activeId;
  const active = profiles.data?.profiles.find((p) => p.id === wanted);
  // The same object while the profile is the same, so the code is generated again only when it changes.
  return useMemo(() => activeCodeProfile(active), [active]);
}

function activeCodeProfile(active: ProfileView | undefined): CodeProfile {
  if (active?.kind === 'sandbox')
    return { host: active.liveHost ?? SANDBOX_NOT_RUNNING, judgeSegment: 'partner' };
  return active ? codeProfileOf(active) : { host: '', judgeSegment: 'partner' };
}
