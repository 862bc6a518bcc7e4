import { describe, expect, it } from 'vitest';
import { droppedFrames } from './page-probe';

describe('droppedFrames', () => {
  it('counts nothing when every frame came on time', () => {
    expect(droppedFrames([0, 16.7, 33.3, 50, 66.7])).toBe(0);
  });

  it('counts the frames a long gap swallowed', () => {
    // 16.7 then a 100 ms gap (6 frame slots: 5 missed) then on time again.
    expect(droppedFrames([0, 16.7, 116.7, 133.4])).toBe(5);
  });

  it('does not count a frame that was only a little late', () => {
    expect(droppedFrames([0, 20, 40])).toBe(0);
  });
});
