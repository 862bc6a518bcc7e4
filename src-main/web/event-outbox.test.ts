import { describe, expect, it } from 'vitest';
import { eventOutbox, type OutboxSocket } from './event-outbox';
import type { BridgeMessage } from '../../src-shared/ipc/bridge-protocol';

/** A socket that keeps the frames it was sent, parsed. */
function socket(open = true): OutboxSocket & { frames: BridgeMessage[] } {
  const frames: BridgeMessage[] = [];
  return { readyState: open ? 1 : 3, OPEN: 1, frames, send: (text) => void frames.push(JSON.parse(text)) };
}

/** An outbox whose flushes run when the test says (`turnEnds`), as `setImmediate` would. */
function outboxOf(...sockets: OutboxSocket[]) {
  const later: (() => void)[] = [];
  const box = eventOutbox(
    () => sockets,
    (flush) => void later.push(flush),
  );
  return { box, turnEnds: () => later.splice(0).forEach((f) => f()), scheduled: () => later.length };
}

describe('eventOutbox', () => {
  it('sends the events of one turn as one frame, in order, to every open socket', () => {
    const [a, b, gone] = [socket(), socket(), socket(false)];
    const { box, turnEnds, scheduled } = outboxOf(a, b, gone);
    for (let id = 1; id <= 5; id++) box.emit('log.changed', { id });
    box.emit('evals.run.progress', { runId: 'r', done: 3 });
    expect(a.frames).toEqual([]);
    expect(scheduled()).toBe(1);
    turnEnds();
    const items = [
      ...[1, 2, 3, 4, 5].map((id) => ({ name: 'log.changed', payload: { id } })),
      { name: 'evals.run.progress', payload: { runId: 'r', done: 3 } },
    ];
    expect(a.frames).toEqual([{ type: 'events', items }]);
    expect(b.frames).toEqual([{ type: 'events', items }]);
    expect(gone.frames).toEqual([]);
    // The next turn's events are a frame of their own.
    box.emit('app.notice', { n: 1 });
    turnEnds();
    expect(a.frames).toHaveLength(2);
    expect(a.frames[1]).toEqual({ type: 'events', items: [{ name: 'app.notice', payload: { n: 1 } }] });
  });

  it("sends a socket's own frame after the events emitted before it, on every socket", () => {
    const [a, b] = [socket(), socket()];
    const { box, turnEnds } = outboxOf(a, b);
    box.emit('chat.conversations.changed', { conversationId: 'c' });
    box.send(a, { type: 'result', id: 7, result: { ok: true, data: null } });
    box.emit('log.changed', { id: 9 });
    turnEnds();
    expect(a.frames.map((f) => f.type)).toEqual(['events', 'result', 'events']);
    expect(a.frames[0]).toEqual({
      type: 'events',
      items: [{ name: 'chat.conversations.changed', payload: { conversationId: 'c' } }],
    });
    expect(b.frames.map((f) => f.type)).toEqual(['events', 'events']);
  });

  it('sends an event as it was when emitted, like an IPC message copied at once', () => {
    const a = socket();
    const { box, turnEnds } = outboxOf(a);
    const entry = { id: 1, state: 'pending' };
    box.emit('log.changed', entry);
    entry.state = 'done';
    turnEnds();
    expect(a.frames).toEqual([
      { type: 'events', items: [{ name: 'log.changed', payload: { id: 1, state: 'pending' } }] },
    ]);
  });

  it('sends a socket that asked for some events those alone, from the next frame on', () => {
    const [all, some] = [socket(), socket()];
    const { box, turnEnds } = outboxOf(all, some);
    box.emit('log.changed', { id: 1 });
    box.only(some, ['evals.run.progress']);
    box.emit('log.changed', { id: 2 });
    box.emit('evals.run.progress', { done: 1 });
    box.emit('log.changed', { id: 3 });
    turnEnds();
    box.emit('log.changed', { id: 4 });
    turnEnds();
    // What was queued before it asked still reached it; after, only the progress.
    expect(some.frames).toEqual([
      { type: 'events', items: [{ name: 'log.changed', payload: { id: 1 } }] },
      { type: 'events', items: [{ name: 'evals.run.progress', payload: { done: 1 } }] },
    ]);
    expect(all.frames.flatMap((f) => (f.type === 'events' ? f.items : []))).toHaveLength(5);
  });

  it('flushes on the next setImmediate by default', async () => {
    const a = socket();
    const box = eventOutbox(() => [a]);
    box.emit('one', 1);
    box.emit('two', 2);
    await new Promise((r) => setImmediate(r));
    expect(a.frames).toHaveLength(1);
  });
});
