/**
 * Some servers put a reasoning model's thinking inside `content`, wrapped in `<think>…</think>`.
 * This splits a content stream into answer and reasoning as it arrives. A tag may be split across
 * chunks (`<thi` then `nk>`), so a tail that could still become a tag is held back until the next
 * chunk (or `end`) decides it. Others (vLLM or SGLang serving DeepSeek-R1 or Qwen3, whose chat
 * template opens the tag in the prompt) start the stream inside the thinking: the first tag is a
 * `</think>` with no opening one, and everything before it was reasoning — including content
 * already handed out, which `retracted` calls back.
 */
const OPEN = '<think>';
const CLOSE = '</think>';

export interface SplitText {
  content: string;
  reasoning: string;
  /** The content handed out before this piece was reasoning after all (a stray leading `</think>`). */
  retracted?: boolean;
}

/**
 * The length of the longest end of `text` that is a proper start of `tag`. A tag has one `<`, its
 * first character, so only the text from the last `<` can be one (asked for every delta).
 */
function partialTagAtEnd(text: string, tag: string): number {
  const at = text.lastIndexOf('<');
  const n = text.length - at;
  return at !== -1 && n < tag.length && tag.startsWith(text.slice(at)) ? n : 0;
}

export class ThinkTagSplitter {
  private inThink = false;
  private held = '';
  /** No tag yet: the first may be a stray `</think>`. */
  private untagged = true;
  /** Content was handed out while untagged. */
  private gaveContent = false;

  push(chunk: string): SplitText {
    // Nearly every delta: nothing held and no `<`, so no tag and no start of one; it is passed on
    // without the searches below (it runs for every delta; docs/architecture.md, "Benchmarks").
    if (!this.held && chunk.indexOf('<') === -1) {
      if (this.untagged && chunk) this.gaveContent = true;
      return this.inThink ? { content: '', reasoning: chunk } : { content: chunk, reasoning: '' };
    }
    const out: SplitText = { content: '', reasoning: '' };
    let text = this.held + chunk;
    this.held = '';
    if (this.untagged) {
      text = this.pushUntagged(out, text);
      if (this.untagged) return out;
    }
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

  /** Before any tag: looks for either; returns the text after the first one (all of it held or given if none). */
  private pushUntagged(out: SplitText, text: string): string {
    const open = text.indexOf(OPEN);
    const close = text.indexOf(CLOSE);
    if (close !== -1 && (open === -1 || close < open)) {
      this.untagged = false;
      out.reasoning += text.slice(0, close);
      if (this.gaveContent) out.retracted = true;
      return text.slice(close + CLOSE.length);
    }
    if (open !== -1) {
      this.untagged = false;
      out.content += text.slice(0, open);
      this.inThink = true;
      return text.slice(open + OPEN.length);
    }
    const keep = Math.max(partialTagAtEnd(text, OPEN), partialTagAtEnd(text, CLOSE));
    out.content += text.slice(0, text.length - keep);
    this.held = text.slice(text.length - keep);
    if (out.content) this.gaveContent = true;
    return '';
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
