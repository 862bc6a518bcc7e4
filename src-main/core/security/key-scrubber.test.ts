import { describe, expect, it } from 'vitest';
import { KEY_PART_REMOVED, KEY_REMOVED, KeyScrubber, TextScrubber } from './key-scrubber';

const KEY = 'sk-canary-0123456789abcdef';
const text = (parts: Uint8Array[]) => Buffer.concat(parts).toString('utf8');

function run(scrubber: KeyScrubber, chunks: string[], extra?: string): { out: string; emitted: string[] } {
  const s = scrubber.stream(extra);
  const emitted = chunks.map((c) => Buffer.from(s.push(Buffer.from(c))).toString('utf8'));
  const out = emitted.join('') + Buffer.from(s.end()).toString('utf8');
  return { out, emitted };
}

describe('KeyScrubber', () => {
  it('removes a key wherever a chunk boundary falls in it', () => {
    const body = `{"error":{"message":"Invalid key ${KEY} (and again: ${KEY})"}}`;
    for (let cut = 0; cut <= body.length; cut++) {
      const { out } = run(new KeyScrubber(), [body.slice(0, cut), body.slice(cut)], KEY);
      expect(out).toBe(`{"error":{"message":"Invalid key ${KEY_REMOVED} (and again: ${KEY_REMOVED})"}}`);
    }
  });

  it('holds back only bytes that could start a key, so SSE events pass at once', () => {
    const keys = new KeyScrubber();
    keys.add(KEY);
    const event = 'data: {"choices":[{"delta":{"content":"hi"}}]}\n\n';
    const { emitted } = run(keys, [event, 'data: [DONE]\n\n']);
    expect(emitted[0]).toBe(event);
    // A tail that may be the start of the key waits for the next chunk, then goes on unchanged.
    const { emitted: held, out } = run(keys, ['the word sk-c', 'at is not a key']);
    expect(held[0]).toBe('the word ');
    expect(out).toBe('the word sk-cat is not a key');
  });

  it('scrubs every key it was told of, and ignores strings too short to be keys', () => {
    const keys = new KeyScrubber();
    keys.add(KEY);
    keys.add('sk-other-profile-key-42');
    keys.add('abc');
    expect(keys.scrub(`a ${KEY} b sk-other-profile-key-42 c abc`)).toBe(
      `a ${KEY_REMOVED} b ${KEY_REMOVED} c abc`,
    );
    const { out } = run(keys, ['x sk-other-pro', 'file-key-42 y']);
    expect(out).toBe(`x ${KEY_REMOVED} y`);
  });

  it('passes everything through untouched when it knows no key', () => {
    const chunk = Buffer.from('sk-anything at all');
    const s = new KeyScrubber().stream();
    expect(text([s.push(chunk), s.end()])).toBe('sk-anything at all');
  });

  it('removes runs of 12 or more characters of a key from raw text, and leaves shorter ones', () => {
    const keys = new KeyScrubber();
    keys.add(KEY);
    const raw = `{"content":"You sent ${KEY.slice(0, 9)}"}\n\n{"content":"${KEY.slice(9)}, ok"} sk-canary-0`;
    expect(keys.scrubFragments(raw)).toBe(
      `{"content":"You sent ${KEY.slice(0, 9)}"}\n\n{"content":"${KEY_PART_REMOVED}, ok"} sk-canary-0`,
    );
    expect(keys.scrubFragments(`x ${KEY} y`)).toBe(`x ${KEY_REMOVED} y`);
  });

  it('passes a chunk without a key on with its bytes unchanged, and holds back across keys the longest start', () => {
    const keys = new KeyScrubber();
    keys.add(KEY);
    keys.add('sk-canopy-abcdefghijkl');
    const s = keys.stream();
    const chunk = new Uint8Array(Buffer.from('xx data: plain text, no key\n\n'));
    expect(Buffer.from(s.push(chunk.subarray(3))).toString()).toBe('data: plain text, no key\n\n');
    // "sk-can" starts both keys; "sk-cano" only the second: the longest start is held.
    expect(Buffer.from(s.push(Buffer.from('a sk-cano'))).toString()).toBe('a ');
    expect(Buffer.from(s.end()).toString()).toBe('sk-cano');
  });

  it('removes a run of 12 or more characters from any offset of a key, and none shorter', () => {
    const keys = new KeyScrubber();
    keys.add(KEY);
    for (let from = 0; from < KEY.length; from++) {
      for (let to = from + 1; to <= KEY.length; to++) {
        const run = KEY.slice(from, to);
        const out = keys.scrubFragments(`<${run}>`);
        if (to - from === KEY.length) expect(out).toBe(`<${KEY_REMOVED}>`);
        else if (to - from >= 12) expect(out).toBe(`<${KEY_PART_REMOVED}>`);
        else expect(out).toBe(`<${run}>`);
      }
    }
  });

  it('hands a chunk with no key and no start of one back as it came, not a copy of it', () => {
    const keys = new KeyScrubber();
    keys.add(KEY);
    const s = keys.stream();
    const chunk = new Uint8Array(Buffer.from('data: {"content":"ask for sk- or s"}\n\n'));
    expect(s.push(chunk)).toBe(chunk);
    // A chunk that ends in the start of a key is not passed on whole.
    expect(s.push(Buffer.from('tokens sk-can'))).not.toHaveLength('tokens sk-can'.length);
  });

  it('finds keys of different first letters wherever the chunks are cut, one byte at a time too', () => {
    const keys = new KeyScrubber();
    keys.add(KEY);
    keys.add('pk_live_ABCDEFGHIJ0123');
    const body = `s sk p pk_live_ABCDEFGHIJ0123 then ${KEY} and pk_live_ABCDEFGHIJ012 not quite sk-canary`;
    const expected = `s sk p ${KEY_REMOVED} then ${KEY_REMOVED} and pk_live_ABCDEFGHIJ012 not quite sk-canary`;
    for (let size = 1; size <= 12; size++) {
      const pieces: string[] = [];
      for (let i = 0; i < body.length; i += size) pieces.push(body.slice(i, i + size));
      expect(run(keys, pieces).out).toBe(expected);
    }
    for (let cut = 0; cut <= body.length; cut++) {
      expect(run(keys, [body.slice(0, cut), body.slice(cut)]).out).toBe(expected);
    }
  });
});

describe('KeyScrubber on long chunks (a large reply read in large pieces)', () => {
  // Prose is full of a key's first letter: long chunks are searched for each key whole.
  const prose = 'so she says sss, sk is short, sk- too; '.repeat(300);

  it('passes a long chunk without a key on as it came, and finds one anywhere in it', () => {
    const keys = new KeyScrubber();
    keys.add(KEY);
    keys.add('pk_live_ABCDEFGHIJ0123');
    const clean = new Uint8Array(Buffer.from(prose));
    expect(clean.length).toBeGreaterThan(4096);
    expect(keys.stream().push(clean)).toBe(clean);
    for (const key of [KEY, 'pk_live_ABCDEFGHIJ0123'])
      for (const at of [0, 1, 4095, 4096, prose.length - key.length, prose.length]) {
        const body = prose.slice(0, at) + key + prose.slice(at);
        expect(run(keys, [body]).out).toBe(prose.slice(0, at) + KEY_REMOVED + prose.slice(at));
      }
  });

  it('holds back a long chunk’s tail that starts a key, and removes the key the next chunk ends', () => {
    const keys = new KeyScrubber();
    keys.add(KEY);
    for (let cut = 1; cut < KEY.length; cut++) {
      const { emitted, out } = run(keys, [prose + KEY.slice(0, cut), KEY.slice(cut) + ' done']);
      expect(emitted[0]).toBe(prose);
      expect(out).toBe(`${prose}${KEY_REMOVED} done`);
    }
  });
});

describe('TextScrubber', () => {
  const CASES = [
    `You sent ${KEY}, and ${KEY.slice(0, 14)} then ${KEY} again; sk-c at the end sk-`,
    `ünïcödé ✓ ${KEY}${KEY} 日本語 sk-canary-01 sk-other-profile-key-42 done`,
    'no key here at all, just text with s and k and sk- and sk-ca',
  ];

  it('gives exactly what the byte scrubber gives on the same text, however it is cut', () => {
    const keys = new KeyScrubber();
    keys.add('sk-other-profile-key-42');
    for (const body of CASES) {
      for (let size = 1; size <= 9; size++) {
        const pieces: string[] = [];
        for (let i = 0; i < body.length; i += size) pieces.push(body.slice(i, i + size));
        const text = new TextScrubber(keys, KEY);
        const viaText = pieces.map((p) => text.push(p));
        const bytes = keys.stream(KEY);
        const viaBytes = pieces.map((p) => Buffer.from(bytes.push(Buffer.from(p, 'utf8'))).toString('utf8'));
        expect(viaText).toEqual(viaBytes);
        expect(text.end()).toBe(Buffer.from(bytes.end()).toString('utf8'));
      }
    }
  });

  it('passes text through untouched without a key scrubber', () => {
    const text = new TextScrubber(undefined, KEY);
    expect(text.push(`a ${KEY}`)).toBe(`a ${KEY}`);
    expect(text.end()).toBe('');
  });
});
