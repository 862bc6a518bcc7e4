import { describe, expect, it } from 'vitest';
import { StreamBudget } from './stream-budget';

const bytes = (s: string) => Buffer.from(s, 'latin1');
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('StreamBudget', () => {
  it('passes events up to the cap whole, however the chunks split them', () => {
    const budget = new StreamBudget({ maxBytes: 1000, maxEventBytes: 10 });
    // Ten bytes of fields per event (terminators are not counted), split anywhere.
    for (const part of ['data: 123', '4\n', '\n', 'data:12345\r', '\n\r\n', 'data: 1234\r\r']) {
      const { within, over } = budget.take(bytes(part));
      expect(over).toBeUndefined();
      expect(text(within)).toBe(part);
    }
  });

  it('counts every line of one event together, and a blank line starts the next', () => {
    const budget = new StreamBudget({ maxBytes: 1000, maxEventBytes: 12 });
    expect(budget.take(bytes('data: a\n')).over).toBeUndefined();
    const { within, over } = budget.take(bytes('data: bcdefg\n\n'));
    // 7 bytes of the first line, then 5 more fit: the sixth is one over.
    expect(text(within)).toBe('data:');
    expect(over?.message).toMatch(/a single event larger than 0 MB/);
    expect(over?.toAppError().details).toMatchObject({ limitBytes: 12, streamLimit: 'event' });
  });

  it('counts a CRLF split between chunks as one terminator, not a blank line', () => {
    const budget = new StreamBudget({ maxBytes: 1000, maxEventBytes: 10 });
    expect(budget.take(bytes('data: 1\r')).over).toBeUndefined();
    // Had the LF ended the event, these 8 bytes would fit.
    expect(budget.take(bytes('\ndata: 2')).over).toBeDefined();
  });

  it('cuts an endless line at the cap: only the bytes before it are passed on', () => {
    const budget = new StreamBudget({ maxBytes: 10_000_000, maxEventBytes: 4 * 1024 * 1024 });
    const block = new Uint8Array(1024 * 1024).fill(0x61);
    let passed = 0;
    for (let i = 0; i < 10; i++) {
      const { within, over } = budget.take(block);
      passed += within.length;
      if (over) {
        expect(over.message).toMatch(/a single event larger than 4 MB/);
        break;
      }
    }
    expect(passed).toBe(4 * 1024 * 1024);
  });

  it('ends the body at its byte cap, passing what fits', () => {
    const budget = new StreamBudget({ maxBytes: 25 });
    expect(budget.take(bytes('data: {}\n\n'.repeat(2))).over).toBeUndefined();
    const { within, over } = budget.take(bytes('data: {}\n\n'));
    expect(text(within)).toBe('data:');
    expect(over?.message).toMatch(/The streamed reply passed 0 MB/);
    expect(over?.toAppError().details).toMatchObject({ limitBytes: 25, streamLimit: 'reply' });
  });
});

/** The event count as the budget first kept it, byte by byte: what the faster scan must equal. */
class ByteByByte {
  private eventBytes = 0;
  private lineBytes = 0;
  private afterCR = false;
  constructor(private readonly max: number) {}
  fit(chunk: Uint8Array): number {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === 0x0a || b === 0x0d) {
        if (b === 0x0a && this.afterCR) {
          this.afterCR = false;
          continue;
        }
        this.afterCR = b === 0x0d;
        if (this.lineBytes === 0) this.eventBytes = 0;
        this.lineBytes = 0;
      } else {
        this.afterCR = false;
        this.lineBytes++;
        if (++this.eventBytes > this.max) return i;
      }
    }
    return chunk.length;
  }
}

describe('StreamBudget event count', () => {
  it('cuts where a byte-by-byte count cuts, on any mix of LF, CR, CRLF and blank lines, however split', () => {
    const alphabet = ['a', 'b', '\n', '\r', '\r\n', '\n\n', 'data: xy'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 400; round++) {
      const max = 1 + Math.floor(random() * 20);
      let body = '';
      while (body.length < 120) body += alphabet[Math.floor(random() * alphabet.length)];
      const budget = new StreamBudget({ maxBytes: 1_000_000, maxEventBytes: max });
      const reference = new ByteByByte(max);
      for (let at = 0; at < body.length;) {
        const part = bytes(body.slice(at, at + 1 + Math.floor(random() * 12)));
        at += part.length;
        const expected = reference.fit(part);
        const { within, over } = budget.take(part);
        expect(within.length).toBe(expected);
        if (expected < part.length) {
          expect(over).toBeDefined();
          break;
        }
        expect(over).toBeUndefined();
      }
    }
  });
});
