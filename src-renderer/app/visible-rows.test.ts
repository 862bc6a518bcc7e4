import { describe, expect, it } from 'vitest';
import { scrollToShow, visibleRows } from './visible-rows';

describe('visibleRows', () => {
  it('gives the rows in view with the overscan either side, clamped to the list', () => {
    expect(visibleRows({ scrollTop: 300, viewHeight: 90, rowHeight: 30, count: 100, overscan: 2 })).toEqual({
      first: 8,
      last: 15,
    });
    expect(visibleRows({ scrollTop: 0, viewHeight: 90, rowHeight: 30, count: 2 })).toEqual({
      first: 0,
      last: 2,
    });
  });
});

describe('scrollToShow', () => {
  // Rows of 30 px in a view of 90 px: rows 10, 11 and 12 show at scrollTop 300.
  it('leaves the offset alone when the row already shows whole', () => {
    expect(scrollToShow(11, 30, 300, 90)).toBe(300);
    expect(scrollToShow(12, 30, 300, 90)).toBe(300);
  });
  it('brings a row above the view to the top', () => {
    expect(scrollToShow(9, 30, 300, 90)).toBe(270);
  });
  it('brings a row below the view to the bottom, moving as little as it can', () => {
    expect(scrollToShow(13, 30, 300, 90)).toBe(330);
    expect(scrollToShow(20, 30, 300, 90)).toBe(540);
  });
});
