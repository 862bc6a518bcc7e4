import { describe, expect, it } from 'vitest';
import { latestPerKey } from './latest-per-key';

function fakeTimers() {
  const due: (() => void)[] = [];
  return { due, timers: { set: (fn: () => void) => due.push(fn), clear: () => undefined } };
}

describe('changes passed on once per window, latest state only', () => {
  it('sends each item once with its last state, in the order items first changed', () => {
    const sent: { id: number; step: string }[] = [];
    const { due, timers } = fakeTimers();
    const q = latestPerKey<{ id: number; step: string }>(
      (x) => x.id,
      (x) => sent.push(x),
      50,
      timers,
    );
    q.push({ id: 1, step: 'sent' });
    q.push({ id: 2, step: 'sent' });
    q.push({ id: 1, step: 'answered' });
    q.push({ id: 1, step: 'ended' });
    expect(sent).toEqual([]);
    expect(due).toHaveLength(1); // one timer for the whole window
    due[0]();
    expect(sent).toEqual([
      { id: 1, step: 'ended' },
      { id: 2, step: 'sent' },
    ]);
    q.push({ id: 2, step: 'ended' });
    due[1]();
    expect(sent.at(-1)).toEqual({ id: 2, step: 'ended' });
  });

  it('sends what is pending at once on flush, and nothing twice', () => {
    const sent: number[] = [];
    const { due, timers } = fakeTimers();
    const q = latestPerKey<number>(
      (x) => x,
      (x) => sent.push(x),
      50,
      timers,
    );
    q.push(7);
    q.flush();
    expect(sent).toEqual([7]);
    due[0]();
    expect(sent).toEqual([7]);
  });
});
