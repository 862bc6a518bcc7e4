import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedClockState, useSharedClock } from './shared-clock';

function Clock({ id, live = true }: { id: string; live?: boolean }) {
  const now = useSharedClock(live);
  return <span data-testid={id}>{Math.floor(now / 1000)}</span>;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the shared clock', () => {
  it('runs one timer for any number of readers, ticks them each second, and stops with the last', () => {
    vi.setSystemTime(1_000_000);
    const view = render(
      <>
        {Array.from({ length: 20 }, (_, i) => (
          <Clock key={i} id={`c${i}`} />
        ))}
        <Clock id="still" live={false} />
      </>,
    );
    expect(sharedClockState()).toEqual({ timers: 1, listeners: 20 });
    const before = Number(screen.getByTestId('c0').textContent);
    act(() => vi.advanceTimersByTime(3000));
    expect(Number(screen.getByTestId('c0').textContent)).toBe(before + 3);
    expect(screen.getByTestId('c19').textContent).toBe(screen.getByTestId('c0').textContent);
    expect(Number(screen.getByTestId('still').textContent)).toBe(before);
    view.unmount();
    expect(sharedClockState()).toEqual({ timers: 0, listeners: 0 });
  });
});
