import { type LiveText, piecesSince } from './live-text';
import { PIECE_CHARS, pieceEnd } from './text-pieces';

const FENCE = /^\s{0,3}(```|~~~)/;
const LIST_ITEM = /^\s{0,3}([-*+]|\d{1,9}[.)])\s/;
const INDENTED = /^(\t| {2,})\S/;
/** Characters compared at the old end to tell a grown text from a different one. */
const SPOT_CHECK = 64;

export interface SplitText {
  /** Finished blocks: the same array object while the text grows, only ever appended to. */
  blocks: string[];
  /** The open block: everything after the last finished one. */
  tail: string;
  /**
   * The same open block cut into pieces of about PIECE_CHARS (text-pieces.ts), all but the last
   * made once: a long open block is shown from these without reading `tail`, which would copy
   * all of it (a 5 MB paragraph) into one flat string on every update.
   */
  tailPieces: string[];
}

/**
 * Splits streaming markdown into finished blocks and the open tail, reading only what arrived
 * since the last call. Finished blocks never change, so each is parsed once; only the tail is
 * re-parsed per frame. That keeps a 20,000-token reply from getting slower as it grows.
 *
 * A blank line ends a block only once the next line shows it is not a continuation: a loose
 * list's next item, or an indented line (list item body, indented code), stays in the block so
 * it renders as one list and one code block.
 */
export class BlockSplitter {
  private blocks: string[] = [];
  private tail = '';
  /** The tail's finished pieces and the piece still growing (see SplitText.tailPieces). */
  private tailDone: string[] = [];
  private tailOpen = '';
  /** The line being received, from its start (a 5 MB paragraph is joined once, at its end). */
  private line = '';
  private inFence = false;
  /** Where in the tail a blank line may have ended the block, pending what follows. */
  private pendingEnd: number | undefined;
  /** Characters read so far, and the last piece of them (to tell a grown text from another). */
  private length = 0;
  private lastPiece = '';
  /** The live chain read last; undefined when reading whole strings. */
  private seen: LiveText | undefined;

  /**
   * A whole text: the same one grown (only the new end is read) or another (read afresh). The
   * saved reply after its live chain is the same text, so its blocks stay the same strings.
   */
  update(text: string): SplitText {
    if (!this.extends(text)) this.reset();
    this.seen = undefined;
    if (text.length > this.length) this.append(text.slice(this.length));
    return this.parts();
  }

  /** A streamed reply: the pieces it gained since the last call are read, nothing else. */
  updateLive(chain: LiveText | undefined): SplitText {
    let fresh = this.seen || this.length === 0 ? piecesSince(chain, this.seen) : undefined;
    if (!fresh) {
      this.reset();
      fresh = piecesSince(chain, undefined) ?? [];
    }
    this.seen = chain;
    for (const piece of fresh) this.append(piece);
    return this.parts();
  }

  private parts(): SplitText {
    return { blocks: this.blocks, tail: this.tail, tailPieces: [...this.tailDone, this.tailOpen] };
  }

  private grow(s: string): void {
    this.tail += s;
    this.tailOpen += s;
  }

  /** Cuts finished pieces off the growing one, where text-pieces.ts would cut the whole tail. */
  private cutPieces(): void {
    while (this.tailOpen.length > PIECE_CHARS) {
      const end = pieceEnd(this.tailOpen, 0);
      if (end >= this.tailOpen.length) break;
      this.tailDone.push(this.tailOpen.slice(0, end));
      this.tailOpen = this.tailOpen.slice(end);
    }
  }

  private append(piece: string): void {
    if (!piece) return;
    this.length += piece.length;
    this.lastPiece = piece;
    let from = 0;
    for (let nl = piece.indexOf('\n'); nl !== -1; nl = piece.indexOf('\n', from)) {
      const line = this.line + piece.slice(from, nl);
      const start = this.tail.length - this.line.length;
      this.grow(piece.slice(from, nl + 1));
      this.line = '';
      this.scanLine(line, start);
      from = nl + 1;
    }
    const rest = piece.slice(from);
    this.line += rest;
    this.grow(rest);
    this.cutPieces();
  }

  /** A complete line that starts at `start` in the tail (the tail already holds it). */
  private scanLine(line: string, start: number): void {
    if (this.inFence) {
      if (FENCE.test(line)) this.inFence = false;
      return;
    }
    if (line.trim() === '') {
      this.pendingEnd ??= start;
      return;
    }
    if (this.pendingEnd !== undefined) {
      const block = this.tail.slice(0, this.pendingEnd);
      const continues = INDENTED.test(line) || (LIST_ITEM.test(line) && LIST_ITEM.test(block));
      if (!continues) {
        if (block.trim()) this.blocks.push(block);
        this.tail = this.tail.slice(start);
        this.tailDone = [];
        this.tailOpen = this.tail;
      }
      this.pendingEnd = undefined;
    }
    if (FENCE.test(line)) this.inFence = true;
  }

  /**
   * Whether `text` is the text read so far with more appended. A reply only ever grows, so a
   * constant-time check suffices: no shorter, and the same characters at the old end.
   */
  private extends(text: string): boolean {
    if (text.length < this.length) return false;
    const n = Math.min(SPOT_CHECK, this.lastPiece.length);
    for (let i = 1; i <= n; i++) {
      if (text.charCodeAt(this.length - i) !== this.lastPiece.charCodeAt(this.lastPiece.length - i))
        return false;
    }
    return true;
  }

  private reset(): void {
    this.blocks = [];
    this.tail = '';
    this.tailDone = [];
    this.tailOpen = '';
    this.line = '';
    this.inFence = false;
    this.pendingEnd = undefined;
    this.length = 0;
    this.lastPiece = '';
    this.seen = undefined;
  }
}
