/** What a stream's work gets from main: the subscriber's abort signal and its own outlet. */
export interface StreamSink<E> {
  /** Fires when the subscriber unsubscribes or goes away (reload, close, socket closed). */
  readonly signal: AbortSignal;
  /** Sends one event to the subscriber; does nothing once the stream has ended or was dropped. */
  emit(event: E): void;
  /** Sends the last event (if any) and releases the id; the subscriber's listener is removed. */
  end(last?: E): void;
}
