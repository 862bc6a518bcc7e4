const FENCE = /^\s{0,3}(```|~~~)/;

/**
 * Splits streaming markdown into finished blocks and the open tail, scanning only what arrived
 * since the last call. Finished blocks never change, so each is parsed once; only the tail is
 * re-parsed per frame. That keeps a 20,000-token reply from getting slower as it grows.
 */
export class BlockSplitter {
  private text = '';
  private blocks: string[] = [];
  private blockStart = 0;
  private scanPos = 0;
  private inFence = false;

  update(text: string): { blocks: string[]; tail: string } {
    if (!text.startsWith(this.text)) this.reset();
    this.text = text;
    for (;;) {
      const nl = text.indexOf('\n', this.scanPos);
      if (nl === -1) break;
      const line = text.slice(this.scanPos, nl);
      if (FENCE.test(line)) this.inFence = !this.inFence;
      else if (!this.inFence && line.trim() === '') {
        const block = text.slice(this.blockStart, this.scanPos);
        if (block.trim()) this.blocks = [...this.blocks, block];
        this.blockStart = nl + 1;
      }
      this.scanPos = nl + 1;
    }
    return { blocks: this.blocks, tail: text.slice(this.blockStart) };
  }

  private reset(): void {
    this.text = '';
    this.blocks = [];
    this.blockStart = 0;
    this.scanPos = 0;
    this.inFence = false;
  }
}
