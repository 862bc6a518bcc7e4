/**
 * A streamed reply as the chain of what each frame appended, newest first. The view reads the
 * new pieces since it last looked, so nothing per frame touches the whole reply: reading a
 * string built by `+=` (indexOf, charCodeAt, slice) makes V8 copy all of it into one flat
 * string, 200 KB a frame for a long reply (docs/architecture.md, "The window").
 */
export interface LiveText {
  readonly piece: string;
  readonly before: LiveText | undefined;
  /** Characters in this piece and all before it. */
  readonly length: number;
}

export function appendLive(chain: LiveText | undefined, piece: string): LiveText {
  return { piece, before: chain, length: (chain?.length ?? 0) + piece.length };
}

/**
 * The pieces appended after `seen`, oldest first; all of them when `seen` is undefined, and
 * undefined when `seen` is not part of this chain (a different reply).
 */
export function piecesSince(chain: LiveText | undefined, seen: LiveText | undefined): string[] | undefined {
  const fresh: string[] = [];
  let at = chain;
  while (at !== seen) {
    if (!at || (seen && at.length < seen.length)) return undefined;
    fresh.push(at.piece);
    at = at.before;
  }
  return fresh.reverse();
}
