const MB = 1024 * 1024;

/**
 * The most bytes Gatehouse reads of each endpoint's reply before it is buffered (docs/architecture.md,
 * "Security in one place"). Each is far above what a sound reply of that endpoint weighs, and far
 * below what would strain the app; anything bigger is refused with the cap named.
 */
export const REPLY_CAPS = {
  /** A model list of 100,000 ids with their fields is about 15 MB. */
  models: 64 * MB,
  /** One chat completion, not streamed. */
  chat: 16 * MB,
  /**
   * One streamed chat reply, every event together, counted after decompression. A reply of the
   * longest message kept (2,000,000 characters) streamed a few characters per event, with the
   * JSON around each, is about 40 MB.
   */
  chatStream: 64 * MB,
  /** 2,048 inputs × 3,072 dimensions as JSON numbers is about 130 MB; base64 is a third smaller. */
  embeddings: 192 * MB,
  /** Images may come back as base64 inside the JSON: a few large PNGs. */
  images: 96 * MB,
  speech: 64 * MB,
  judge: 4 * MB,
  /** A video task's create or status reply. */
  videoTask: 4 * MB,
  /** A video's last frame, a single image. */
  poster: 20 * MB,
} as const;

/**
 * The most bytes of one SSE event of a streamed reply (its lines up to the blank line that ends
 * it), counted after decompression before the SSE parser buffers them. A real delta is a few
 * hundred bytes; a whole completion sent as one event stays far below this.
 */
export const SSE_EVENT_CAP = 4 * MB;
