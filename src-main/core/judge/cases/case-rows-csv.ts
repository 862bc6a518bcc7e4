import { CsvReader, restoreCell } from './csv';
import type { CaseRowReader, FormatReader, RowItem } from './case-rows';

/** A CSV case file's rows: the first record names the columns, each later one is a row. */
export class CsvRows implements FormatReader {
  private readonly csv: CsvReader;
  private header: number | undefined;

  constructor(
    private readonly file: CaseRowReader,
    max: number,
  ) {
    this.csv = new CsvReader(max);
  }

  push(text: string, out: RowItem[]) {
    for (const r of this.csv.push(text)) this.record(r, out);
  }

  end(out: RowItem[]) {
    for (const r of this.csv.end()) this.record(r, out);
  }

  private record(r: { line: number; fields: string[]; problem?: string }, out: RowItem[]) {
    if (this.header === undefined) {
      this.header = r.line;
      if (r.problem)
        out.push({ problem: { line: r.line, field: 'header', reason: r.problem, skipsRow: true } });
      const columns = this.file.columns;
      r.fields.forEach((raw, i) => {
        const name = raw.trim() || `column ${i + 1}`;
        let unique = name;
        for (let k = 2; columns.includes(unique); k++) unique = `${name} (${k})`;
        if (unique !== name)
          out.push({
            problem: {
              line: r.line,
              field: 'header',
              reason: `column “${name}” appears more than once; this one is read as “${unique}”`,
              skipsRow: false,
            },
          });
        columns.push(unique);
      });
      return;
    }
    const columns = this.file.columns;
    if (r.problem) {
      out.push({ problem: { line: r.line, field: 'row', reason: r.problem, skipsRow: true } });
      return;
    }
    if (r.fields.length !== columns.length) {
      out.push({
        problem: {
          line: r.line,
          field: 'row',
          reason: `has ${r.fields.length} fields; the header has ${columns.length}`,
          skipsRow: true,
        },
      });
      return;
    }
    const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    // A default CSV export's neutralised formula cells come back as they were exported.
    columns.forEach((c, i) => (values[c] = restoreCell(r.fields[i]!)));
    out.push({ row: { line: r.line, values } });
  }
}
