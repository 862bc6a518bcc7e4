/**
 * Keeps API keys out of gateway text. A gateway that echoes the key (in an error body, a debug
 * field, a model's reply) would otherwise put it into the conversation, the request log and the
 * window. Every textual reply passes through a `ReplyScrubber` as it arrives (see
 * GatewayClient), so whatever reads the reply afterwards never sees the key.
 */
export const KEY_REMOVED = '[API key removed]';

export const KEY_PART_REMOVED = '[part of API key removed]';
/** Runs of a key this long or longer are removed from raw text (shorter ones say nothing useful). */
const FRAGMENT_LENGTH = 12;

/** Shorter strings are not scrubbed: they would match ordinary text, and are no real keys. */
const MIN_KEY_LENGTH = 8;

export class KeyScrubber {
  private readonly keys = new Map<string, Buffer>();

  /** Remembers a key (the active one, one the vault stored or revealed) for every later reply. */
  add(key: string | undefined): void {
    const k = key?.trim();
    if (k && k.length >= MIN_KEY_LENGTH && !this.keys.has(k)) this.keys.set(k, Buffer.from(k, 'utf8'));
  }

  forget(key: string | undefined): void {
    if (key) this.keys.delete(key.trim());
  }

  /** A whole text with every known key replaced. */
  scrub(text: string): string {
    let out = text;
    for (const k of this.keys.keys()) if (out.includes(k)) out = out.split(k).join(KEY_REMOVED);
    return out;
  }

  /**
   * Also removes any run of FRAGMENT_LENGTH or more characters of a key: in raw text such as a
   * streamed reply's events, a key a model spelled out arrives split between JSON strings.
   */
  scrubFragments(text: string): string {
    let out = this.scrub(text);
    for (const key of this.keys.keys()) {
      if (!mayHoldRunOf(out, key)) continue;
      for (let i = 0; i + FRAGMENT_LENGTH <= key.length; i++) {
        const piece = key.slice(i, i + FRAGMENT_LENGTH);
        let at = out.indexOf(piece);
        while (at !== -1) {
          // Grow the match both ways as far as it still follows the key.
          let start = at;
          let k = i;
          while (start > 0 && k > 0 && out[start - 1] === key[k - 1]) {
            start--;
            k--;
          }
          let end = at + FRAGMENT_LENGTH;
          let j = i + FRAGMENT_LENGTH;
          while (end < out.length && j < key.length && out[end] === key[j]) {
            end++;
            j++;
          }
          out = out.slice(0, start) + KEY_PART_REMOVED + out.slice(end);
          at = out.indexOf(piece, start + KEY_PART_REMOVED.length);
        }
      }
    }
    return out;
  }

  /** A scrubber for one streamed reply; `extra` is the key of that request, known or not. */
  stream(extra?: string): ReplyScrubber {
    this.add(extra);
    return new ReplyScrubber([...this.keys.values()]);
  }

  /** The keys a `TextScrubber` looks for, `extra` (the request's key) remembered first. */
  textKeys(extra?: string): string[] {
    this.add(extra);
    return [...this.keys.keys()];
  }
}

/** Half a fragment: every run of FRAGMENT_LENGTH characters of a key holds a whole block this long. */
const BLOCK = FRAGMENT_LENGTH / 2;

/**
 * Whether `text` may hold a run of FRAGMENT_LENGTH or more characters of `key`. Such a run, from
 * the key's offset o on, holds the key's block at the first multiple of BLOCK from o, so a text
 * without any of the key's blocks holds none: a handful of searches instead of one per offset
 * (the log scrubs every streamed reply's first bytes with each chunk).
 */
function mayHoldRunOf(text: string, key: string): boolean {
  for (let at = 0; at + BLOCK <= key.length; at += BLOCK) {
    if (text.includes(key.slice(at, at + BLOCK))) return true;
  }
  return false;
}

const REMOVED = Buffer.from(KEY_REMOVED, 'utf8');

/**
 * Replaces keys in a byte stream, also across chunk boundaries: bytes that could be the start of
 * a key are held back until the next chunk settles it. Only such bytes wait, so an SSE event
 * that ends in `}\n\n` is passed on at once and streaming is not slowed. It sees every byte of
 * every textual reply, so a chunk without a key is passed on as it came, not copied.
 */
export class ReplyScrubber {
  private pending: Buffer<ArrayBufferLike> = Buffer.alloc(0);
  /** The keys' distinct first bytes: only where one of them stands can a key (or its start) be. */
  private readonly firstBytes: number[];

  constructor(private readonly keys: Buffer[]) {
    this.firstBytes = [...new Set(keys.map((k) => k[0]))];
  }

  push(chunk: Uint8Array): Uint8Array {
    if (this.keys.length === 0) return chunk;
    // Most chunks hold no key and end in no start of one: one pass says so, and they go on as
    // they came, without a Buffer made or a search per key (docs/architecture.md, "Benchmarks").
    if (this.pending.length === 0 && !this.mayHoldKey(chunk)) return chunk;
    let data: Buffer<ArrayBufferLike> = this.pending.length
      ? Buffer.concat([this.pending, chunk])
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (const key of this.keys) data = replaceAll(data, key);
    let hold = 0;
    for (const key of this.keys) hold = partialKeyAtEnd(data, key, hold);
    this.pending = hold ? data.subarray(data.length - hold) : EMPTY;
    return hold ? data.subarray(0, data.length - hold) : data;
  }

  /**
   * Whether `data` holds a whole key, or ends in the start of one. Jumps from one first byte of a
   * key to the next with the native `indexOf`, and compares the key from there.
   */
  private mayHoldKey(data: Uint8Array): boolean {
    const n = data.length;
    // A long chunk of prose holds a key's first byte ('s') every few dozen bytes: one native
    // search per key over it, and the start of one only in its last bytes, cost less than a
    // jump to each of them (a 5 MB reply's large reads spent 12 ms in one such chunk).
    if (n > LONG_CHUNK) {
      const view = Buffer.from(data.buffer, data.byteOffset, n);
      return this.keys.some((key) => view.indexOf(key) !== -1 || partialKeyAtEnd(view, key, 0) > 0);
    }
    for (const first of this.firstBytes) {
      for (let at = data.indexOf(first); at !== -1; at = data.indexOf(first, at + 1)) {
        for (const key of this.keys) {
          if (key[0] !== first) continue;
          let i = 1;
          while (i < key.length && at + i < n && data[at + i] === key[i]) i++;
          if (i === key.length || at + i === n) return true;
        }
      }
    }
    return false;
  }

  /** What is still held back, once the reply has ended (it cannot become a key any more). */
  end(): Uint8Array {
    const rest = this.pending;
    this.pending = EMPTY;
    return rest;
  }
}

const EMPTY = Buffer.alloc(0);

/** Above this many bytes, a chunk is searched for each key whole (see `mayHoldKey`). */
const LONG_CHUNK = 4096;

/**
 * The length of the longest tail of `data` that is a proper start of `key`, if longer than
 * `longest` (else `longest`). Compared byte by byte: it runs for every chunk of a reply.
 */
function partialKeyAtEnd(data: Uint8Array, key: Uint8Array, longest: number): number {
  const first = key[0];
  for (let start = Math.max(0, data.length - (key.length - 1)); start < data.length - longest; start++) {
    if (data[start] !== first) continue;
    const n = data.length - start;
    let i = 1;
    while (i < n && data[start + i] === key[i]) i++;
    if (i === n) return n;
  }
  return longest;
}

function replaceAll(data: Buffer<ArrayBufferLike>, key: Buffer): Buffer<ArrayBufferLike> {
  let at = data.indexOf(key);
  if (at === -1) return data;
  const parts: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    parts.push(data.subarray(from, at), REMOVED);
    from = at + key.length;
    at = data.indexOf(key, from);
  }
  parts.push(data.subarray(from));
  return Buffer.concat(parts);
}

/**
 * `ReplyScrubber` over text: for a model's reply, where a key may be split across many deltas.
 * Keys are ASCII, so on text it holds back and replaces exactly what the byte scrubber would on
 * the text's UTF-8; it works on the strings themselves, since it sees every delta of a reply.
 */
export class TextScrubber {
  private readonly keys: string[];
  private held = '';

  constructor(scrubber: KeyScrubber | undefined, key?: string) {
    this.keys = scrubber ? scrubber.textKeys(key) : [];
  }

  push(text: string): string {
    if (this.keys.length === 0) return text;
    let data = this.held ? this.held + text : text;
    for (const key of this.keys) if (data.includes(key)) data = data.split(key).join(KEY_REMOVED);
    let hold = 0;
    for (const key of this.keys) hold = partialKeyAtEndOfText(data, key, hold);
    this.held = hold ? data.slice(data.length - hold) : '';
    return hold ? data.slice(0, data.length - hold) : data;
  }

  end(): string {
    const rest = this.held;
    this.held = '';
    return rest;
  }
}

/** `partialKeyAtEnd` on text. */
function partialKeyAtEndOfText(data: string, key: string, longest: number): number {
  const first = key.charCodeAt(0);
  for (let start = Math.max(0, data.length - (key.length - 1)); start < data.length - longest; start++) {
    if (data.charCodeAt(start) !== first) continue;
    const n = data.length - start;
    let i = 1;
    while (i < n && data.charCodeAt(start + i) === key.charCodeAt(i)) i++;
    if (i === n) return n;
  }
  return longest;
}
