import { useRoute } from '../hooks/use-route';

/** Placeholder host while the Sandbox has not started (it starts on first use). */
export const SANDBOX_NOT_RUNNING = 'http://127.0.0.1:PORT';

/** The active profile's address and judge segment, as generated code should call them. */
export function useCodeAddress(): { host: string; judgeSegment: string } {
  const profiles = useRoute('profiles.list', {}, { refetchOnMount: 'always' });
  const active = profiles.data?.profiles.find((p) => p.id === profiles.data?.activeId);
  const host = active?.kind === 'sandbox' ? (active.liveHost ?? SANDBOX_NOT_RUNNING) : (active?.host ?? '');
  return { host, judgeSegment: active?.judgeSegment ?? 'partner' };
}
