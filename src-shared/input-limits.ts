/**
 * Upper bounds for IPC inputs that several schemas share. They are far above anything a person
 * types or the gateway names, and low enough that a hostile call cannot make main keep or send
 * megabytes (hardening finding 4). Limits used by one schema only stay beside it.
 */

/** A model id as `GET /models` lists it or the user types it. */
export const MODEL_ID_MAX = 200;
/** A record id sent back by the window (a video task, an embeddings run). */
export const RECORD_ID_MAX = 100;
