import { describe, expect, it } from 'vitest';
import { checkRowsMapping, mapDatasetRow, proposeRowsMapping } from './eval-rows-import-mapping';

const row = (values: Record<string, unknown>, line = 3) => ({ line, values });

describe('a dataset file mapped to variables', () => {
  it('proposes every column as a variable by a placeholder name, the expected one apart', () => {
    expect(proposeRowsMapping(['Customer name', '2nd try', 'reply', 'Expected', 'Customer_name'])).toEqual({
      variables: [
        { column: 'Customer name', name: 'Customer_name' },
        { column: '2nd try', name: '_2nd_try' },
        { column: 'reply', name: 'reply_' },
        { column: 'Customer_name', name: 'Customer_name_2' },
      ],
      expected: { column: 'Expected', name: 'Expected' },
    });
    expect(proposeRowsMapping([])).toBeNull();
    // A file of one expected-looking column still has a variable.
    expect(proposeRowsMapping(['answer'])).toEqual({
      variables: [{ column: 'answer', name: 'answer' }],
      expected: null,
    });
  });

  it('reads text as it is, numbers and JSON as written, and names what a row lacks', () => {
    const mapping = {
      variables: [
        { column: 'q', name: 'question' },
        { column: 'n', name: 'n' },
        { column: 'meta', name: '__proto__' },
      ],
      expected: { column: 'gold', name: 'gold' },
    };
    const ok = mapDatasetRow(row({ q: 'Why?', n: 3, meta: { a: [1] }, gold: 'Because' }), mapping);
    expect(ok).toEqual({
      ok: true,
      place: { line: 3 },
      row: { variables: { question: 'Why?', n: '3', ['__proto__']: '{"a":[1]}' }, expected: 'Because' },
    });
    // `__proto__` is a plain variable, not the object's prototype.
    expect(ok.ok && Object.keys(ok.row.variables)).toEqual(['question', 'n', '__proto__']);
    expect(mapDatasetRow(row({ q: null, n: false, meta: '', gold: '' }), mapping)).toEqual({
      ok: true,
      place: { line: 3 },
      row: { variables: { question: '', n: 'false', ['__proto__']: '' } },
    });
    const bad = mapDatasetRow(row({ q: 'x'.repeat(100_001), meta: 'm' }, 9), mapping);
    expect(!bad.ok && bad.problems.map((p) => p.message)).toEqual([
      'line 9, column `q`: must be at most 100,000 characters',
      'line 9, column `n`: is missing',
    ]);
  });

  it('refuses a mapping naming a column the file lacks or one name twice', () => {
    const columns = ['a', 'b'];
    expect(() =>
      checkRowsMapping({ variables: [{ column: 'c', name: 'c' }], expected: null }, columns),
    ).toThrow('mapping.variables.0.column: column “c” is not in the file (its columns: “a”, “b”)');
    expect(() =>
      checkRowsMapping(
        {
          variables: [
            { column: 'a', name: 'x' },
            { column: 'b', name: 'x' },
          ],
          expected: null,
        },
        columns,
      ),
    ).toThrow('mapping.variables.1.name: repeats the name “x”');
    expect(() =>
      checkRowsMapping(
        { variables: [{ column: 'a', name: 'x' }], expected: { column: 'b', name: 'x' } },
        columns,
      ),
    ).toThrow('mapping.expected.name: “x” is a variable');
  });
});
