import type { Result } from '../result';

/** Browser mode's wire format between the page and the Node process (types only). */
export type BridgeRequest = { type: 'invoke'; id: number; route: string; input: unknown };

export type BridgeMessage =
  { type: 'result'; id: number; result: Result<unknown> } | { type: 'event'; name: string; payload: unknown };
