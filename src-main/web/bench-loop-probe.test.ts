import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { LOOP_PROBE_ENV, type LoopProbeReply, serveLoopProbe } from './bench-loop-probe';

/** A process's IPC side as serveLoopProbe sees it: messages in, `send` out. */
function channel(withSend = true) {
  const sent: LoopProbeReply[] = [];
  const proc = Object.assign(new EventEmitter(), {
    send: withSend ? (m: unknown) => (sent.push(m as LoopProbeReply), true) : undefined,
  });
  return { proc, sent };
}

describe('serveLoopProbe', () => {
  it('stays off without the bench’s variable, and without an IPC channel', () => {
    const plain = channel();
    expect(serveLoopProbe(plain.proc as never, {})).toBe(false);
    plain.proc.emit('message', { loopProbe: 'start', id: '1' });
    expect(plain.sent).toEqual([]);
    const noChannel = channel(false);
    expect(serveLoopProbe(noChannel.proc as never, { [LOOP_PROBE_ENV]: '1' })).toBe(false);
  });

  it('answers start and stop over the channel, with the delays seen in between', async () => {
    const { proc, sent } = channel();
    expect(serveLoopProbe(proc as never, { [LOOP_PROBE_ENV]: '1' })).toBe(true);
    proc.emit('message', { loopProbe: 'start', id: 'a' });
    proc.emit('message', { loopProbe: 'stop', id: 'a' });
    proc.emit('message', { loopProbe: 'stop', id: 'never-started' });
    proc.emit('message', 'not a probe message');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent[0]).toEqual({ loopProbe: 'started', id: 'a' });
    expect(sent.find((m) => m.id === 'a' && m.loopProbe === 'stopped')).toMatchObject({
      loopProbe: 'stopped',
      id: 'a',
      delay: { p99Ms: expect.any(Number), maxMs: expect.any(Number), ownMaxMs: expect.any(Number) },
    });
    expect(sent).toContainEqual({ loopProbe: 'stopped', id: 'never-started', delay: undefined });
    expect(sent).toHaveLength(3);
  });
});
