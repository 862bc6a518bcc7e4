import { useRoute } from '../hooks/use-route';

/** Placeholder host while the Sandbox has not started (it starts on first use). */
export const SANDBOX_NOT_RUNNING = 'http://127.0.0.1:PORT';

/** The active profile's addresses, as generated code should call them (what main calls). */
export function useCodeAddress(): {
  host: string;
  judgeSegment: string;
  baseUrl?: string;
  judgeUrl?: string;
} {
  const profiles = useRoute('profiles.list', {}, { refetchOnMount: 'always' });
  const active = profiles.data?.profiles.find((p) => p.id === profiles.data?.activeId);
  if (active?.kind === 'sandbox')
    return { host: active.liveHost ?? SANDBOX_NOT_RUNNING, judgeSegment: 'partner' };
  return {
    host: active?.host ?? '',
    judgeSegment: active?.judgeSegment ?? 'partner',
    baseUrl: active?.baseUrl,
    judgeUrl: active?.judgeUrl,
  };
}
