/** Side by side: one prompt to this many models at once. No zod here: the Chat tab imports it. */
export const COMPARE_COLUMNS_MIN = 2;
export const COMPARE_COLUMNS_MAX = 4;
