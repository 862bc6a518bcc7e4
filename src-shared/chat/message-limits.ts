/**
 * Limits of a stored message, apart from its schema so the window can read them without loading
 * zod at start (docs/architecture.md, "The window").
 */

/** The longest message text (and thinking) kept; a streamed reply is stopped there. */
export const MAX_MESSAGE_CHARS = 2_000_000;

/** Alternatives kept at one position: at most this many besides the one shown. */
export const MAX_ALTERNATIVES = 50;
