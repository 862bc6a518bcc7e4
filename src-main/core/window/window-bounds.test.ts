import { describe, expect, it } from 'vitest';
import { boundsToRestore, DEFAULT_SIZE, MIN_SIZE } from './window-bounds';

const laptop = { x: 0, y: 0, width: 1440, height: 900 };
const external = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('window bounds', () => {
  it('opens at the default size when nothing (or nonsense) was saved', () => {
    expect(boundsToRestore(undefined, [laptop])).toEqual({ bounds: DEFAULT_SIZE, maximized: false });
    expect(boundsToRestore({ x: 'a' }, [laptop])).toEqual({ bounds: DEFAULT_SIZE, maximized: false });
  });

  it('restores a saved place that is still on a screen, and the maximized flag', () => {
    const saved = { x: 1600, y: 100, width: 1200, height: 800, maximized: true };
    expect(boundsToRestore(saved, [laptop, external])).toEqual({
      bounds: { x: 1600, y: 100, width: 1200, height: 800 },
      maximized: true,
    });
  });

  it('drops the position of a window left on a screen that is gone, keeping its size', () => {
    const saved = { x: 1600, y: 100, width: 1200, height: 800 };
    expect(boundsToRestore(saved, [laptop])).toEqual({
      bounds: { width: 1200, height: 800 },
      maximized: false,
    });
  });

  it('shrinks to the largest screen and never below the minimum size', () => {
    const huge = boundsToRestore({ x: 0, y: 0, width: 5000, height: 3000 }, [laptop]);
    expect(huge.bounds).toMatchObject({ width: 1440, height: 900 });
    const tiny = boundsToRestore({ x: 0, y: 0, width: 10, height: 10 }, [laptop]);
    expect(tiny.bounds).toMatchObject(MIN_SIZE);
  });
});
