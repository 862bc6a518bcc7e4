/**
 * Some servers put a reasoning model's thinking inside `content`, wrapped in `<think>…</think>`.
 * This splits a content stream into answer and reasoning as it arrives. A tag may be split across
 * chunks (`<thi` then `nk>`), so a tail that could still become a tag is held back until the next
 * chunk (or `end`) decides it.
 */
const OPEN = '<think>';
const CLOSE = '</think>';

export interface SplitText {
  content: string;
  reasoning: string;
}

/** The length of the longest end of `text` that is a proper start of `tag`. */
function partialTagAtEnd(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}

export class ThinkTagSplitter {
  private inThink = false;
  private held = '';

  push(chunk: string): SplitText {
    const out: SplitText = { content: '', reasoning: '' };
    let text = this.held + chunk;
    this.held = '';
    for (;;) {
      const tag = this.inThink ? CLOSE : OPEN;
      const at = text.indexOf(tag);
      if (at === -1) {
        const keep = partialTagAtEnd(text, tag);
        this.emit(out, text.slice(0, text.length - keep));
        this.held = text.slice(text.length - keep);
        return out;
      }
      this.emit(out, text.slice(0, at));
      this.inThink = !this.inThink;
      text = text.slice(at + tag.length);
    }
  }

  /** The stream ended: whatever was held back was plain text after all. */
  end(): SplitText {
    const out: SplitText = { content: '', reasoning: '' };
    this.emit(out, this.held);
    this.held = '';
    return out;
  }

  private emit(out: SplitText, text: string) {
    if (this.inThink) out.reasoning += text;
    else out.content += text;
  }
}
