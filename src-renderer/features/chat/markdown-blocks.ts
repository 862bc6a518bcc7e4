const FENCE = /^\s{0,3}(```|~~~)/;
const LIST_ITEM = /^\s{0,3}([-*+]|\d{1,9}[.)])\s/;
const INDENTED = /^(\t| {2,})\S/;
/** Characters compared at the old end to tell a grown text from a different one. */
const SPOT_CHECK = 64;

/**
 * Splits streaming markdown into finished blocks and the open tail, scanning only what arrived
 * since the last call. Finished blocks never change, so each is parsed once; only the tail is
 * re-parsed per frame. That keeps a 20,000-token reply from getting slower as it grows.
 *
 * A blank line ends a block only once the next line shows it is not a continuation: a loose
 * list's next item, or an indented line (list item body, indented code), stays in the block so
 * it renders as one list and one code block.
 */
export class BlockSplitter {
  private text = '';
  private blocks: string[] = [];
  private blockStart = 0;
  private scanPos = 0;
  private inFence = false;
  /** Where a blank line may have ended the current block, pending what follows. */
  private pendingEnd: number | undefined;

  update(text: string): { blocks: string[]; tail: string } {
    if (!this.extends(text)) this.reset();
    // Only the new part is searched for line ends: a paragraph of megabytes without one is not
    // scanned again every frame.
    const from = Math.max(this.scanPos, this.text.length);
    this.text = text;
    for (let searchFrom = from; ; searchFrom = this.scanPos) {
      const nl = text.indexOf('\n', searchFrom);
      if (nl === -1) break;
      this.scanLine(text, text.slice(this.scanPos, nl));
      this.scanPos = nl + 1;
    }
    return { blocks: this.blocks, tail: text.slice(this.blockStart) };
  }

  private scanLine(text: string, line: string): void {
    const blank = line.trim() === '';
    if (this.inFence) {
      if (FENCE.test(line)) this.inFence = false;
      return;
    }
    if (blank) {
      this.pendingEnd ??= this.scanPos;
      return;
    }
    if (this.pendingEnd !== undefined) {
      const block = text.slice(this.blockStart, this.pendingEnd);
      const continues = INDENTED.test(line) || (LIST_ITEM.test(line) && LIST_ITEM.test(block));
      if (!continues) {
        if (block.trim()) this.blocks.push(block);
        this.blockStart = this.scanPos;
      }
      this.pendingEnd = undefined;
    }
    if (FENCE.test(line)) this.inFence = true;
  }

  /**
   * Whether `text` is the text seen last time with more appended. A reply only ever grows, so a
   * constant-time check suffices: no shorter, and the same characters around the old end.
   * (`startsWith` would compare the whole reply every frame.)
   */
  private extends(text: string): boolean {
    const n = this.text.length;
    if (text.length < n) return false;
    for (let i = Math.max(0, n - SPOT_CHECK); i < n; i++) {
      if (text.charCodeAt(i) !== this.text.charCodeAt(i)) return false;
    }
    return true;
  }

  private reset(): void {
    this.text = '';
    this.blocks = [];
    this.blockStart = 0;
    this.scanPos = 0;
    this.inFence = false;
    this.pendingEnd = undefined;
  }
}
