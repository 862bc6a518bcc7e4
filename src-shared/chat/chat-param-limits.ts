/**
 * Chat form fields' plain limits, without zod: the parameters panel on the chat's first screen
 * reads them, and zod loads only with the forms that validate (docs/architecture.md, "The
 * window"). conversation.ts re-exports them beside the schema that applies them.
 */

export const MAX_STOP_SEQUENCES = 4;
export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
