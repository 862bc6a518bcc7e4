import { describe, expect, it } from 'vitest';
import { StreamHub } from './stream-hub';
import { recordingSubscriber } from './stream-hub.test-helper';

describe('StreamHub', () => {
  it('delivers a stream’s events to its subscriber, the last one flagged, then nothing more', () => {
    const hub = new StreamHub();
    const a = recordingSubscriber();
    const sink = hub.subscribe(a.subscriber, 'stream-0001');
    sink.emit({ n: 1 });
    sink.end({ n: 2 });
    sink.emit({ n: 3 });
    expect(a.delivered).toEqual([
      { streamId: 'stream-0001', event: { n: 1 }, last: false },
      { streamId: 'stream-0001', event: { n: 2 }, last: true },
    ]);
    expect(hub.size).toBe(0);
    expect(sink.signal.aborted).toBe(false);
  });

  it('never sends one subscriber’s events to another', () => {
    const hub = new StreamHub();
    const a = recordingSubscriber();
    const b = recordingSubscriber();
    const sa = hub.subscribe(a.subscriber, 'stream-aaaa');
    const sb = hub.subscribe(b.subscriber, 'stream-bbbb');
    sa.emit('for a');
    sb.emit('for b');
    expect(a.delivered.map((d) => d.event)).toEqual(['for a']);
    expect(b.delivered.map((d) => d.event)).toEqual(['for b']);
  });

  it('refuses an id that is in use, whoever asks, and leaves the first stream alone', () => {
    const hub = new StreamHub();
    const a = recordingSubscriber();
    const b = recordingSubscriber();
    const first = hub.subscribe(a.subscriber, 'stream-same');
    expect(() => hub.subscribe(b.subscriber, 'stream-same')).toThrow(/already in use/);
    expect(() => hub.subscribe(a.subscriber, 'stream-same')).toThrow(/already in use/);
    first.emit('still mine');
    expect(a.delivered.map((d) => d.event)).toEqual(['still mine']);
    expect(b.delivered).toEqual([]);
  });

  it('aborts the work when its subscriber unsubscribes, and sends nothing after', () => {
    const hub = new StreamHub();
    const a = recordingSubscriber();
    const sink = hub.subscribe(a.subscriber, 'stream-stop');
    expect(hub.unsubscribe(a.subscriber, 'stream-stop')).toBe(true);
    expect(sink.signal.aborted).toBe(true);
    sink.end('too late');
    expect(a.delivered).toEqual([]);
    expect(hub.size).toBe(0);
  });

  it('lets only the owner unsubscribe', () => {
    const hub = new StreamHub();
    const a = recordingSubscriber();
    const b = recordingSubscriber();
    const sink = hub.subscribe(a.subscriber, 'stream-owned');
    expect(hub.unsubscribe(b.subscriber, 'stream-owned')).toBe(false);
    expect(sink.signal.aborted).toBe(false);
  });

  it('aborts every stream of a subscriber that goes away, and only those', () => {
    const hub = new StreamHub();
    const a = recordingSubscriber();
    const b = recordingSubscriber();
    const a1 = hub.subscribe(a.subscriber, 'stream-a001');
    const a2 = hub.subscribe(a.subscriber, 'stream-a002');
    const b1 = hub.subscribe(b.subscriber, 'stream-b001');
    expect(hub.drop(a.subscriber)).toBe(2);
    expect([a1.signal.aborted, a2.signal.aborted, b1.signal.aborted]).toEqual([true, true, false]);
    b1.emit('b goes on');
    expect(b.delivered.map((d) => d.event)).toEqual(['b goes on']);
  });

  it('frees an id once its stream has ended, so it may be used again', () => {
    const hub = new StreamHub();
    const a = recordingSubscriber();
    hub.subscribe(a.subscriber, 'stream-again').end();
    expect(() => hub.subscribe(a.subscriber, 'stream-again')).not.toThrow();
  });
});
