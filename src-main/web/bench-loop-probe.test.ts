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
    const heard = async (n: number) => {
      while (sent.length < n) await new Promise((r) => setTimeout(r, 5));
    };
    expect(serveLoopProbe(proc as never, { [LOOP_PROBE_ENV]: '1' })).toBe(true);
    proc.emit('message', { loopProbe: 'start', id: 'a' });
    await heard(1);
    expect(sent[0]).toEqual({ loopProbe: 'started', id: 'a' });
    proc.emit('message', { loopProbe: 'stop', id: 'a' });
    await heard(2);
    expect(sent[1]).toMatchObject({
      loopProbe: 'stopped',
      id: 'a',
      delay: { p99Ms: expect.any(Number), maxMs: expect.any(Number), ownMaxMs: expect.any(Number) },
    });
    proc.emit('message', { loopProbe: 'stop', id: 'never-started' });
    proc.emit('message', 'not a probe message');
    await heard(3);
    expect(sent[2]).toEqual({ loopProbe: 'stopped', id: 'never-started', delay: undefined });
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toHaveLength(3);
  });
});
