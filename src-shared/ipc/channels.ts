/**
 * The Electron IPC channels between the preload and main. One module both sides import, so a
 * renamed channel cannot leave one side listening on the old name (docs/architecture.md, "The
 * IPC contract"). Browser mode carries the same messages over its WebSocket instead.
 */
export const IPC_CHANNELS = {
  /** Every request/response route: (route, input) -> Result. */
  invoke: 'gatehouse:invoke',
  /** main -> window: app events (name, payload). */
  event: 'gatehouse:event',
  /** Starts a stream: (name, streamId, input) -> Result. */
  subscribe: 'gatehouse:subscribe',
  /** window -> main: stop reading a stream (streamId). */
  unsubscribe: 'gatehouse:unsubscribe',
  /** main -> the subscribing frame: (streamId, event, last). */
  streamEvent: 'gatehouse:stream-event',
} as const;

export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];
