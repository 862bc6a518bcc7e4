import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import {
  estimateHeight,
  layoutRuns,
  offsetOf,
  rangeFrom,
  visibleRange,
  withQuestion,
} from './message-window';

const even = (n: number, h = 100) => Array.from({ length: n }, () => h);

describe('visibleRange', () => {
  it('at the end, holds the last messages that fill the view and the overscan', () => {
    // 200 × 100 px, a 500 px view and 200 px either side: 700 px above the end.
    expect(visibleRange(even(200), { scrollTop: 0, viewHeight: 500, overscan: 200, atEnd: true })).toEqual({
      from: 193,
      to: 200,
    });
  });

  it('elsewhere, holds what the view and its overscan cross', () => {
    const range = visibleRange(even(200), { scrollTop: 5000, viewHeight: 500, overscan: 200, atEnd: false });
    // 4800 to 5700 px: messages 48 to 56.
    expect(range).toEqual({ from: 48, to: 57 });
  });

  it('holds one message taller than the view, and no more', () => {
    const heights = [100, 100, 3000];
    expect(visibleRange(heights, { scrollTop: 0, viewHeight: 600, overscan: 300, atEnd: true })).toEqual({
      from: 2,
      to: 3,
    });
  });

  it('is empty only for an empty conversation, and never past the end', () => {
    expect(visibleRange([], { scrollTop: 0, viewHeight: 500, overscan: 0, atEnd: true })).toEqual({
      from: 0,
      to: 0,
    });
    // Scrolled past a content that shrank: the last message.
    expect(visibleRange(even(3), { scrollTop: 9000, viewHeight: 500, overscan: 0, atEnd: false })).toEqual({
      from: 2,
      to: 3,
    });
  });
});

describe('rangeFrom', () => {
  it('starts at the message asked for and fills the height', () => {
    expect(rangeFrom(even(200), 80, 450)).toEqual({ from: 80, to: 85 });
    expect(rangeFrom(even(10), 9, 450)).toEqual({ from: 9, to: 10 });
    expect(rangeFrom([5000, 100], 0, 450)).toEqual({ from: 0, to: 1 });
  });
});

describe('withQuestion', () => {
  const roles = (i: number) => (i % 2 ? 'assistant' : 'user') as StoredMessage['role'];
  it('takes in the question a reply answers', () => {
    expect(withQuestion({ from: 199, to: 200 }, roles)).toEqual({ from: 198, to: 200 });
    expect(withQuestion({ from: 198, to: 200 }, roles)).toEqual({ from: 198, to: 200 });
  });
});

describe('layoutRuns', () => {
  it('puts gaps of the hidden messages’ heights around the range', () => {
    const heights = [10, 20, 30, 40, 50];
    expect(layoutRuns(heights, { from: 2, to: 4 })).toEqual([
      { kind: 'gap', from: 0, to: 2, height: 30 },
      { kind: 'message', index: 2 },
      { kind: 'message', index: 3 },
      { kind: 'gap', from: 4, to: 5, height: 50 },
    ]);
  });

  it('keeps a message outside the range, with gaps on both sides', () => {
    const runs = layoutRuns(even(10, 10), { from: 8, to: 10 }, [3, 8, 42]);
    expect(runs).toEqual([
      { kind: 'gap', from: 0, to: 3, height: 30 },
      { kind: 'message', index: 3 },
      { kind: 'gap', from: 4, to: 8, height: 40 },
      { kind: 'message', index: 8 },
      { kind: 'message', index: 9 },
    ]);
  });

  it('sums to the whole list, so the scroll bar spans the whole conversation', () => {
    const heights = Array.from({ length: 50 }, (_, i) => 20 + i);
    const runs = layoutRuns(heights, { from: 20, to: 25 });
    const total = runs.reduce((s, r) => s + (r.kind === 'gap' ? r.height : heights[r.index]), 0);
    expect(total).toBe(offsetOf(heights, 50));
    expect(offsetOf(heights, 2)).toBe(41);
  });
});

describe('estimateHeight', () => {
  it('grows with the lines a message takes at the list’s width', () => {
    const short = estimateHeight({ role: 'user', content: 'Hi' }, 760);
    const long = estimateHeight({ role: 'user', content: 'word '.repeat(400) }, 760);
    const narrow = estimateHeight({ role: 'user', content: 'word '.repeat(400) }, 400);
    const lines = estimateHeight({ role: 'user', content: 'a\n'.repeat(40) }, 760);
    expect(short).toBeGreaterThan(40);
    expect(short).toBeLessThan(120);
    expect(long).toBeGreaterThan(short * 3);
    expect(narrow).toBeGreaterThan(long);
    expect(lines).toBeGreaterThan(40 * 20);
  });

  it('counts a huge message by its length without reading its lines', () => {
    const huge = estimateHeight({ role: 'assistant', content: 'x'.repeat(2_000_000) }, 760);
    expect(huge).toBeGreaterThan(100_000);
  });
});
