import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JudgeCase } from '../../../src-shared/judge/judge-case';
import type { CaseMapping } from '../../../src-shared/judge/judge-case-import';
import type { Question } from '../../../src-shared/judge/question-rules';
import { AppFailure } from '../../../src-shared/result';
import { openMemoryDatabase } from '../db/open-database';
import { createRepositories, type Repositories } from '../db/repositories';
import { StorageNotices } from '../storage/storage-notices';
import { JudgeCaseService } from './judge-case-service';

const questions: Question[] = [
  {
    name: 'tone',
    type: 'choice',
    instructions: 'Is the tone right?',
    options: [
      { name: 'yes', description: 'polite and warm' },
      { name: 'no', description: 'curt or rude' },
    ],
    levels: [],
  },
  {
    name: 'quality',
    type: 'score',
    instructions: 'How good is the reply?',
    options: [],
    levels: ['poor', 'weak', 'fine', 'good', 'excellent'],
  },
  { name: 'refund', type: 'noul', instructions: 'The reply offers a refund', options: [], levels: [] },
];

let db: DatabaseSync;
let repos: Repositories;
let service: JudgeCaseService;
let saved: { text: string; name: string }[];

beforeEach(() => {
  db = openMemoryDatabase();
  repos = createRepositories({ db, notices: new StorageNotices() });
  repos.sets.put({
    id: 'set1',
    name: 'Support replies',
    createdAt: 1,
    updatedAt: 1,
    revisions: [{ revision: 1, savedAt: 1, questions }],
  });
  saved = [];
  let n = 0;
  service = new JudgeCaseService({
    cases: repos.cases,
    sets: repos.sets,
    desktop: {
      saveFileAs: async () => null,
      saveTextAs: async (text, name) => (saved.push({ text, name }), `/exports/${name}`),
      notify: () => undefined,
    },
    now: () => 100,
    newId: () => `case-${++n}`,
  });
});

const text = (t: string) => ({ mode: 'text' as const, text: t });
const add = (state: string, expected: Record<string, number | boolean> = {}, note = '') =>
  service.add({ setId: 'set1', state: text(state), expected, note });
const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppFailure) return err.error;
    throw err;
  }
  throw new Error('expected a failure');
};
const failureOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    if (err instanceof AppFailure) return err.error;
    throw err;
  }
  throw new Error('expected a failure');
};
const casesInDb = () =>
  Number((db.prepare('SELECT count(*) AS n FROM judge_cases').get() as { n: number }).n);

describe('JudgeCaseService: one case at a time', () => {
  it('adds cases of each state mode, lists, counts and gets them', () => {
    add('Thanks for waiting', { tone: 0, quality: 3, refund: false }, 'a good one');
    service.add({ setId: 'set1', state: { mode: 'list', text: 'first\nsecond' }, expected: {}, note: '' });
    service.add({
      setId: 'set1',
      state: { mode: 'json', text: '{"reply":"No."}' },
      expected: { tone: 1 },
      note: '',
    });
    expect(service.count('set1')).toBe(3);
    expect(service.list('set1', 0, 10).map((c) => c.state)).toEqual([
      'Thanks for waiting',
      ['first', 'second'],
      { reply: 'No.' },
    ]);
    expect(service.get('case-1')).toEqual({
      id: 'case-1',
      setId: 'set1',
      position: 0,
      updatedAt: 100,
      state: 'Thanks for waiting',
      expected: { tone: 0, quality: 3, refund: false },
      note: 'a good one',
    });
    expect(service.list('set1', 0, 10, 'good one').map((c) => c.id)).toEqual(['case-1']);
    expect(service.count('set1', 'reply')).toBe(1);
  });

  it('refuses answers that do not fit the set, naming the question and the rule', () => {
    expect(failure(() => add('x', { tone: 2 })).message).toBe(
      'expected.tone: must be an option index from 0 to 1',
    );
    expect(failure(() => add('x', { quality: 5 })).message).toBe(
      'expected.quality: must be a level index from 0 to 4',
    );
    expect(failure(() => add('x', { refund: 1 })).message).toBe(
      'expected.refund: must be true or false (a noul question)',
    );
    expect(failure(() => add('x', { tone: true })).message).toBe(
      'expected.tone: must be an option index from 0 to 1',
    );
    expect(failure(() => add('x', { speed: 1 })).message).toBe(
      'expected.speed: is not a question of this set',
    );
    expect(failure(() => add('   ')).message).toBe('state: is required: type the text to judge');
    expect(
      failure(() =>
        service.add({ setId: 'set1', state: { mode: 'json', text: '[1]' }, expected: {}, note: '' }),
      ).message,
    ).toBe('state: must be a JSON object ({ … }), not an array or a single value');
    expect(failure(() => service.add({ setId: 'gone', state: text('x'), expected: {}, note: '' })).code).toBe(
      'not_found',
    );
    expect(casesInDb()).toBe(0);
  });

  it('refuses a state longer than a run accepts, as sent to the judge', () => {
    // 700,000 one-letter lines are 1.4 M characters typed, 2.8 M as the JSON list the judge gets.
    const lines = Array.from({ length: 700_000 }, () => 'a').join('\n');
    expect(
      failure(() =>
        service.add({ setId: 'set1', state: { mode: 'list', text: lines }, expected: {}, note: '' }),
      ).message,
    ).toBe('state: is 2,800,001 characters as sent to the judge; the limit is 2,000,000');
  });

  it('edits a case in place and keeps its position', () => {
    add('a');
    add('b');
    const edited = service.edit({
      id: 'case-2',
      state: text('B'),
      expected: { refund: true },
      note: 'fixed',
    });
    expect(edited).toMatchObject({
      id: 'case-2',
      position: 1,
      state: 'B',
      expected: { refund: true },
      note: 'fixed',
    });
    expect(service.get('case-2')).toEqual(edited);
    expect(failure(() => service.edit({ id: 'nope', state: text('x'), expected: {}, note: '' })).code).toBe(
      'not_found',
    );
    expect(
      failure(() => service.edit({ id: 'case-2', state: text('x'), expected: { tone: 9 }, note: '' }))
        .message,
    ).toBe('expected.tone: must be an option index from 0 to 1');
    expect(service.get('case-2').state).toBe('B');
  });

  it('duplicates a case right after the original, and deletes one or many', () => {
    add('a', { tone: 0 });
    add('b');
    add('c');
    const copy = service.duplicate('case-1');
    expect(copy).toMatchObject({ id: 'case-4', state: 'a', expected: { tone: 0 }, position: 1 });
    expect(service.list('set1', 0, 10).map((c) => c.state)).toEqual(['a', 'a', 'b', 'c']);
    expect(service.delete(['case-1', 'case-3', 'missing'])).toBe(2);
    expect(service.list('set1', 0, 10).map((c) => c.id)).toEqual(['case-4', 'case-2']);
  });

  it('stops at 100,000 cases per set', () => {
    repos.cases.append(
      'set1',
      Array.from({ length: 99_999 }, () => ({ state: 's', expected: {}, note: '' })),
      (() => {
        let i = 0;
        return () => `bulk-${i++}`;
      })(),
      1,
    );
    add('the last one that fits');
    const err = failure(() => add('one too many'));
    expect(err.message).toBe(
      'A question set holds at most 100,000 test cases; this one has 100,000, so 1 more do not fit.',
    );
    expect(failure(() => service.duplicate('bulk-0')).code).toBe('invalid_input');
    expect(service.count('set1')).toBe(100_000);
  });
});

describe('JudgeCaseService: import', () => {
  const nastyCsv = [
    '\uFEFFstate,Tone,Is the tone right?,quality,refund,Note',
    '"Hello, thanks for ""waiting""",yes,,4,false,plain',
    '"Two lines\r\nof reply",No,,1,TRUE,',
    'Sorry,maybe,,3,no,bad tone',
    '"broken"x,yes,,1,no,',
    ',yes,,1,no,empty state',
    'Short row,yes',
    'Fine,,,,,"note with\nnewline"',
    '',
  ].join('\r\n');

  it('previews a CSV: columns, a proposed mapping, mapped rows and each problem with its line', async () => {
    const preview = await service.importPreview({ setId: 'set1', text: nastyCsv });
    expect(preview.format).toBe('csv');
    expect(preview.columns).toEqual(['state', 'Tone', 'Is the tone right?', 'quality', 'refund', 'Note']);
    // `tone` by its name, any case; the question text's column stays free for the user to choose.
    expect(preview.mapping).toEqual({
      state: 'state',
      stateType: null,
      expected: [
        { column: 'Tone', question: 'tone' },
        { column: 'quality', question: 'quality' },
        { column: 'refund', question: 'refund' },
      ],
      note: 'Note',
    });
    expect(preview.rows).toEqual([
      {
        line: 2,
        draft: {
          state: 'Hello, thanks for "waiting"',
          expected: { tone: 0, quality: 3, refund: false },
          note: 'plain',
        },
      },
      {
        line: 3,
        draft: { state: 'Two lines\r\nof reply', expected: { tone: 1, quality: 0, refund: true }, note: '' },
      },
      { line: 9, draft: { state: 'Fine', expected: {}, note: 'note with\nnewline' } },
    ]);
    expect(preview.problems.map((p) => p.message)).toEqual([
      "line 5, expected `tone`: 'maybe' is not one of the options yes, no",
      'line 6, row: text follows a closing quote (a quote inside a quoted field is written twice: "")',
      'line 7, state: is empty',
      'line 8, row: has 2 fields; the header has 6',
    ]);
    expect(preview.problems[0]).toMatchObject({ line: 5, field: 'expected `tone`' });
    expect(preview).toMatchObject({ rowCount: 7, validCount: 3, problemCount: 4 });
    expect(casesInDb()).toBe(0); // a preview writes nothing
  });

  it('matches a column by question text when no column has the name', async () => {
    const csv = 'reply,Is the tone right?,HOW GOOD IS THE REPLY?,expected_refund\nHi,yes,5,true\n';
    const preview = await service.importPreview({ setId: 'set1', text: csv });
    expect(preview.mapping).toEqual({
      state: 'reply',
      stateType: null,
      expected: [
        { column: 'Is the tone right?', question: 'tone' },
        { column: 'HOW GOOD IS THE REPLY?', question: 'quality' },
        { column: 'expected_refund', question: 'refund' },
      ],
      note: null,
    });
    expect(preview.rows[0].draft.expected).toEqual({ tone: 0, quality: 4, refund: true });
  });

  it('previews JSONL with physical line numbers and JSON with item numbers', async () => {
    const jsonl = [
      '{"state": "ok", "tone": "yes", "quality": 2}',
      '',
      '{"state": ["a", "b"], "quality": 9}',
      'not json',
      '[1, 2]',
      '{"state": {"reply": "hi"}, "refund": "perhaps", "note": 7}',
      '{"state": 12}',
    ].join('\n');
    const preview = await service.importPreview({ setId: 'set1', text: jsonl });
    expect(preview.format).toBe('jsonl');
    expect(preview.columns).toEqual(['state', 'tone', 'quality', 'refund', 'note']);
    expect(preview.rows).toEqual([
      { line: 1, draft: { state: 'ok', expected: { tone: 0, quality: 1 }, note: '' } },
    ]);
    expect(preview.problems.map((p) => p.message)).toEqual([
      "line 3, expected `quality`: '9' is not a level from 1 to 5",
      expect.stringMatching(/^line 4, row: is not valid JSON \(/),
      'line 5, row: is not a JSON object ({ … })',
      "line 6, expected `refund`: 'perhaps' must be true or false",
      'line 7, state: 12 must be a text, a list of texts or a JSON object',
    ]);

    const json = JSON.stringify([{ state: 'fine', tone: 'NO' }, 'oops', { state: [], tone: 'yes' }]);
    const fromJson = await service.importPreview({ setId: 'set1', text: json });
    expect(fromJson.format).toBe('json');
    expect(fromJson.rows).toEqual([{ item: 1, draft: { state: 'fine', expected: { tone: 1 }, note: '' } }]);
    expect(fromJson.problems.map((p) => p.message)).toEqual([
      'item 2, row: is not a JSON object ({ … })',
      'item 3, state: needs at least one text',
    ]);
  });

  it('reads a CSV state by its state_type column, and says so when the type is wrong', async () => {
    const csv = [
      'state,state_type',
      '"[""one"",""two""]",list',
      '"{""a"":1}",json',
      '{not json},json',
      'x,yaml',
      '"{""a"":1}",',
    ].join('\n');
    const preview = await service.importPreview({ setId: 'set1', text: csv });
    expect(preview.mapping?.stateType).toBe('state_type');
    expect(preview.rows.map((r) => [r.line, r.draft.state])).toEqual([
      [2, ['one', 'two']],
      [3, { a: 1 }],
      [6, '{"a":1}'], // no type: a CSV cell is text
    ]);
    expect(preview.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^line 4, state: must be valid JSON \(/),
      "line 5, state type: 'yaml' must be text, json or list",
    ]);
  });

  it('confirms with the edited mapping: writes only then, reports what it skipped', async () => {
    const preview = await service.importPreview({ setId: 'set1', text: nastyCsv });
    expect(casesInDb()).toBe(0);
    // The user maps `tone` to the question-text column instead (empty in every row) and drops the note.
    const mapping: CaseMapping = {
      ...preview.mapping!,
      expected: [
        { column: 'Is the tone right?', question: 'tone' },
        { column: 'quality', question: 'quality' },
      ],
      note: null,
    };
    const again = await service.importPreview({ setId: 'set1', text: nastyCsv, mapping });
    expect(again.problems.map((p) => p.line)).toEqual([6, 7, 8]);
    expect(casesInDb()).toBe(0);
    add('already there');
    const result = await service.importConfirm({ setId: 'set1', text: nastyCsv, mapping });
    expect(result).toEqual({
      added: 4,
      skipped: [
        {
          line: 6,
          reasons: ['text follows a closing quote (a quote inside a quoted field is written twice: "")'],
        },
        { line: 7, reasons: ['state: is empty'] },
        { line: 8, reasons: ['has 2 fields; the header has 6'] },
      ],
      skippedCount: 3,
      notes: [],
    });
    const all = service.list('set1', 0, 10);
    expect(all.map((c) => c.state)).toEqual([
      'already there',
      'Hello, thanks for "waiting"',
      'Two lines\r\nof reply',
      'Sorry',
      'Fine',
    ]);
    expect(all[3]).toMatchObject({ expected: { quality: 2 }, note: '' });
  });

  it('refuses a mapping that names a column or question that is not there, writing nothing', async () => {
    const base: CaseMapping = { state: 'state', stateType: null, expected: [], note: null };
    expect(
      (
        await failureOf(
          service.importConfirm({ setId: 'set1', text: nastyCsv, mapping: { ...base, state: 'body' } }),
        )
      ).message,
    ).toBe(
      'mapping.state: column “body” is not in the file (its columns: “state”, “Tone”, “Is the tone right?”, “quality”, “refund”, “Note”)',
    );
    expect(
      (
        await failureOf(
          service.importConfirm({
            setId: 'set1',
            text: nastyCsv,
            mapping: { ...base, expected: [{ column: 'Tone', question: 'speed' }] },
          }),
        )
      ).message,
    ).toBe('mapping.expected[0].question: “speed” is not a question of this set');
    expect(
      (
        await failureOf(
          service.importConfirm({
            setId: 'set1',
            text: nastyCsv,
            mapping: {
              ...base,
              expected: [
                { column: 'Tone', question: 'tone' },
                { column: 'Is the tone right?', question: 'tone' },
              ],
            },
          }),
        )
      ).message,
    ).toBe('mapping.expected[1].question: “tone” is mapped to two columns');
    expect(
      (await failureOf(service.importConfirm({ setId: 'set1', text: '[oops', mapping: base }))).message,
    ).toMatch(/^file: the file cannot be read: it is not valid JSON/);
    expect(casesInDb()).toBe(0);
  });

  it('refuses an import that would pass 100,000 cases, writing none of it', async () => {
    repos.cases.append(
      'set1',
      Array.from({ length: 99_999 }, () => ({ state: 's', expected: {}, note: '' })),
      (() => {
        let i = 0;
        return () => `bulk-${i++}`;
      })(),
      1,
    );
    const mapping: CaseMapping = { state: 'state', stateType: null, expected: [], note: null };
    expect(
      (await failureOf(service.importConfirm({ setId: 'set1', text: 'state\na\nb\n', mapping }))).message,
    ).toBe('A question set holds at most 100,000 test cases; this one has 99,999, so 2 more do not fit.');
    expect(service.count('set1')).toBe(99_999);
  });

  it('lists a bounded number of problems but counts them all', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => `reply ${i},maybe`);
    const preview = await service.importPreview({ setId: 'set1', text: ['state,tone', ...rows].join('\n') });
    expect(preview.problemCount).toBe(1_200);
    expect(preview.problems).toHaveLength(500);
    expect(preview.problems[0].line).toBe(2);
    expect(preview.problems[499].line).toBe(501);
    expect(preview.rows).toEqual([]);
  });

  it('marks a repeated header column and reads it under a new name', async () => {
    const preview = await service.importPreview({ setId: 'set1', text: 'state,tone,tone\nhi,yes,no\n' });
    expect(preview.columns).toEqual(['state', 'tone', 'tone (2)']);
    expect(preview.problems.map((p) => p.message)).toEqual([
      'line 1, header: column “tone” appears more than once; this one is read as “tone (2)”',
    ]);
    expect(preview.rows[0].draft.expected).toEqual({ tone: 0 });
  });
});

describe('JudgeCaseService: export', () => {
  const seed = () => {
    add('Plain, with a comma and "quotes"', { tone: 0, quality: 4, refund: true }, 'note, with\nnewline');
    service.add({
      setId: 'set1',
      state: { mode: 'list', text: 'one\ntwo' },
      expected: { refund: false },
      note: '',
    });
    service.add({
      setId: 'set1',
      state: { mode: 'json', text: '{"reply":"Hi","meta":{"n":[1,2]}}' },
      expected: { tone: 1, quality: 0 },
      note: '',
    });
    add('{"looks":"like json"}', {}, 'but typed as text');
    add('  edge spaces  ', { quality: 2 });
  };
  const comparable = (list: JudgeCase[]) =>
    list.map(({ state, expected, note }) => ({ state, expected, note }));

  it.each(['csv', 'jsonl', 'json'] as const)(
    '%s: export then import gives the same cases',
    async (format) => {
      seed();
      const before = comparable(service.list('set1', 0, 100));
      const { text, fileName } = service.exportText('set1', format);
      expect(fileName).toBe(`Support-replies.cases.${format}`);
      repos.sets.put({
        id: 'set2',
        name: 'Copy',
        createdAt: 1,
        updatedAt: 1,
        revisions: [{ revision: 1, savedAt: 1, questions }],
      });
      const preview = await service.importPreview({ setId: 'set2', text, format });
      expect(preview.problems).toEqual([]);
      expect(preview.validCount).toBe(before.length);
      const result = await service.importConfirm({ setId: 'set2', text, format, mapping: preview.mapping! });
      expect(result).toMatchObject({ added: before.length, skippedCount: 0 });
      expect(comparable(service.list('set2', 0, 100))).toEqual(before);
    },
  );

  it('writes the shapes a person reads: option names, levels from 1, true/false', () => {
    seed();
    const csv = service.exportText('set1', 'csv').text;
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      'state,state_type,tone,quality,refund,note',
      '"Plain, with a comma and ""quotes""",text,yes,5,true,"note, with\nnewline"',
      '"[""one"",""two""]",list,,,false,',
    ]);
    const first = JSON.parse(service.exportText('set1', 'jsonl').text.split('\n')[2]) as unknown;
    expect(first).toEqual({ state: { reply: 'Hi', meta: { n: [1, 2] } }, tone: 'no', quality: 1 });
  });

  it('writes a question named like a reserved column as expected.<name>, and reads it back', async () => {
    const clash: Question[] = [
      { name: 'note', type: 'noul', instructions: 'Has a note', options: [], levels: [] },
    ];
    repos.sets.put({
      id: 'set3',
      name: 'Clash',
      createdAt: 1,
      updatedAt: 1,
      revisions: [{ revision: 1, savedAt: 1, questions: clash }],
    });
    service.add({ setId: 'set3', state: text('x'), expected: { note: true }, note: 'the real note' });
    const { text: out } = service.exportText('set3', 'csv');
    expect(out.split('\r\n')[0]).toBe('state,state_type,expected.note,note');
    const preview = await service.importPreview({ setId: 'set3', text: out });
    expect(preview.rows[0].draft).toEqual({ state: 'x', expected: { note: true }, note: 'the real note' });
  });

  it('saves through the desktop with a file name from the set', async () => {
    seed();
    expect(await service.export('set1', 'jsonl')).toBe('/exports/Support-replies.cases.jsonl');
    expect(saved[0].text.trim().split('\n')).toHaveLength(5);
  });
});
