import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Which field a remembered model belongs to: a tab, or a media sub-section. */
export type ModelScope = 'chat' | 'compare' | 'image' | 'speech' | 'embedding' | 'video';

interface ModelMemory {
  /** `scope/profileId` → the last model used there. */
  last: Record<string, string>;
  remember: (scope: ModelScope, profileId: string, model: string) => void;
}

const key = (scope: ModelScope, profileId: string) => `${scope}/${profileId}`;

/**
 * A UI preference, so it lives in localStorage rather than the database: losing it costs one
 * pick, and a profile's models differ, hence one entry per profile.
 */
export const useModelMemory = create<ModelMemory>()(
  persist(
    (set) => ({
      last: {},
      remember: (scope, profileId, model) =>
        set((s) => ({ last: { ...s.last, [key(scope, profileId)]: model } })),
    }),
    { name: 'gatehouse.lastModel', storage: createJSONStorage(() => localStorage) },
  ),
);

/** The last model used in this field for this profile, if any. */
export function recallModel(scope: ModelScope, profileId: string | undefined): string | undefined {
  if (profileId === undefined) return undefined;
  return useModelMemory.getState().last[key(scope, profileId)] || undefined;
}
