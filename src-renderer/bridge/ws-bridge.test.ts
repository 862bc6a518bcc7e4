import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWsBridge } from './ws-bridge';
import type { BridgeMessage } from '../../src-shared/ipc/bridge-protocol';

/** Stands in for the browser's WebSocket: the test plays the server's frames into it. */
class FakeSocket extends EventTarget {
  static OPEN = 1;
  static last: FakeSocket | undefined;
  readyState = 1;
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(text);
  }
  receive(msg: BridgeMessage) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(msg) }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createWsBridge', () => {
  it('hands each event of a frame to its listeners in the order main emitted them', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const api = createWsBridge('ws://127.0.0.1:1/bridge?token=t');
    const heard: string[] = [];
    api.on('log.changed', (e) => heard.push(`log ${(e as { id: number }).id}`));
    const off = api.on('evals.run.progress', (p) => heard.push(`progress ${(p as { done: number }).done}`));
    FakeSocket.last!.receive({
      type: 'events',
      items: [
        { name: 'log.changed', payload: { id: 1 } },
        { name: 'evals.run.progress', payload: { done: 4 } },
        { name: 'app.notice', payload: {} },
        { name: 'log.changed', payload: { id: 2 } },
      ],
    });
    expect(heard).toEqual(['log 1', 'progress 4', 'log 2']);
    off();
    FakeSocket.last!.receive({
      type: 'events',
      items: [{ name: 'evals.run.progress', payload: { done: 5 } }],
    });
    expect(heard).toEqual(['log 1', 'progress 4', 'log 2']);
  });
});
