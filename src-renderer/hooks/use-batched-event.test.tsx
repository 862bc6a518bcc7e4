import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src-shared/log/log-entry';
import { installFakeBridge } from '../test/fake-bridge';
import { useBatchedEvent } from './use-batched-event';

function Listener({ batches, schedule }: { batches: number[][]; schedule: (f: () => void) => void }) {
  useBatchedEvent('log.changed', (entries) => batches.push(entries.map((e) => e.id)), schedule);
  return null;
}

const entry = (id: number) => ({ id }) as LogEntry;

describe('events applied in batches', () => {
  it('hands over the events of one frame together, in order, once the frame comes', () => {
    const bridge = installFakeBridge({});
    const frames: (() => void)[] = [];
    const batches: number[][] = [];
    render(<Listener batches={batches} schedule={(f) => frames.push(f)} />);
    bridge.emit('log.changed', entry(1));
    bridge.emit('log.changed', entry(2));
    bridge.emit('log.changed', entry(3));
    expect(batches).toEqual([]);
    expect(frames).toHaveLength(1); // one flush asked for, not three
    frames.shift()!();
    expect(batches).toEqual([[1, 2, 3]]);
    bridge.emit('log.changed', entry(4));
    frames.shift()!();
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('does not lose what arrived just before the listener went away', () => {
    const bridge = installFakeBridge({});
    const frames: (() => void)[] = [];
    const batches: number[][] = [];
    const view = render(<Listener batches={batches} schedule={(f) => frames.push(f)} />);
    bridge.emit('log.changed', entry(7));
    view.unmount();
    expect(batches).toEqual([[7]]);
    frames.shift()!(); // the flush still scheduled finds nothing more
    expect(batches).toEqual([[7]]);
  });

  it('keeps delivering after React mounts, unmounts and mounts it again (StrictMode in development)', () => {
    const bridge = installFakeBridge({});
    const frames: (() => void)[] = [];
    const batches: number[][] = [];
    render(
      <StrictMode>
        <Listener batches={batches} schedule={(f) => frames.push(f)} />
      </StrictMode>,
    );
    bridge.emit('log.changed', entry(9));
    for (const f of frames.splice(0)) f();
    expect(batches).toEqual([[9]]);
  });
});
