import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CaseDraft } from '../../../src-shared/judge/case-answers';
import { StorageNotices } from '../storage/storage-notices';
import { type JudgeCaseRepository, judgeCaseRepository } from './judge-case-repository';
import { openMemoryDatabase } from './open-database';
import { questionSetRepository } from './question-set-repository';

let db: DatabaseSync;
let notices: StorageNotices;
let cases: JudgeCaseRepository;
let counter = 0;
const newId = () => `c${++counter}`;

const addSet = (id: string) =>
  questionSetRepository({ db, notices }).put({
    id,
    name: `Set ${id}`,
    createdAt: 1,
    updatedAt: 1,
    revisions: [
      {
        revision: 1,
        savedAt: 1,
        questions: [{ name: 'q', type: 'noul', instructions: 'i', options: [], levels: [] }],
      },
    ],
  });
const draft = (state: CaseDraft['state'], note = ''): CaseDraft => ({ state, expected: { q: true }, note });
const states = (list: { state: unknown }[]) => list.map((c) => c.state);

beforeEach(() => {
  db = openMemoryDatabase();
  notices = new StorageNotices();
  cases = judgeCaseRepository({ db, notices });
  counter = 0;
  addSet('s1');
  addSet('s2');
});

describe('judge case repository', () => {
  it('appends in order and reads every kind of state back', () => {
    const added = cases.append(
      's1',
      [draft('text'), draft(['a', 'b']), draft({ k: [1, { x: null }] })],
      newId,
      7,
    );
    expect(added.map((c) => c.position)).toEqual([0, 1, 2]);
    expect(cases.append('s1', [draft('more')], newId, 8)[0].position).toBe(3);
    expect(cases.append('s2', [draft('other set')], newId, 8)[0].position).toBe(0);
    expect(states(cases.all('s1'))).toEqual(['text', ['a', 'b'], { k: [1, { x: null }] }, 'more']);
    expect(cases.get('c2')).toEqual({
      id: 'c2',
      setId: 's1',
      position: 1,
      updatedAt: 7,
      state: ['a', 'b'],
      expected: { q: true },
      note: '',
    });
    expect(cases.count('s1')).toBe(4);
    expect(cases.count('s2')).toBe(1);
  });

  it('pages in order and filters on the state or the note, % and _ taken literally', () => {
    cases.append(
      's1',
      [
        draft('Refund please'),
        draft('100% sure'),
        draft(['REFUND', 'x']),
        draft('plain', 'about refunds'),
        draft('a_b'),
      ],
      newId,
      1,
    );
    expect(states(cases.list('s1', { offset: 1, limit: 2 }))).toEqual(['100% sure', ['REFUND', 'x']]);
    expect(states(cases.list('s1', { offset: 4, limit: 10 }))).toEqual(['a_b']);
    expect(states(cases.list('s1', { offset: 0, limit: 10, filter: 'refund' }))).toEqual([
      'Refund please',
      ['REFUND', 'x'],
      'plain',
    ]);
    expect(cases.count('s1', 'refund')).toBe(3);
    expect(states(cases.list('s1', { offset: 0, limit: 10, filter: '%' }))).toEqual(['100% sure']);
    expect(cases.count('s1', '_')).toBe(1);
  });

  it('inserts a duplicate right after its original, moving the later ones down', () => {
    cases.append('s1', [draft('a'), draft('b'), draft('c')], newId, 1);
    const b = cases.get('c2')!;
    const copy = cases.insertAfter(b, draft('b copy'), 'copy', 2);
    expect(copy.position).toBe(2);
    expect(cases.all('s1').map((c) => [c.state, c.position])).toEqual([
      ['a', 0],
      ['b', 1],
      ['b copy', 2],
      ['c', 3],
    ]);
    cases.insertAfter(cases.get('c3')!, draft('after last'), 'tail', 3);
    expect(states(cases.all('s1')).at(-1)).toBe('after last');
  });

  it('updates one case and deletes one or many; the set going deletes its cases', () => {
    cases.append('s1', [draft('a'), draft('b'), draft('c')], newId, 1);
    cases.append('s2', [draft('z')], newId, 1);
    expect(cases.update({ ...cases.get('c1')!, state: 'A', note: 'n', updatedAt: 9 })).toBe(true);
    expect(cases.get('c1')).toMatchObject({ state: 'A', note: 'n', updatedAt: 9, position: 0 });
    expect(cases.update({ ...cases.get('c1')!, id: 'gone' })).toBe(false);
    expect(cases.delete(['c2', 'c3', 'nope'])).toBe(2);
    expect(states(cases.all('s1'))).toEqual(['A']);
    questionSetRepository({ db, notices }).delete('s1');
    expect(cases.count('s1')).toBe(0);
    expect(cases.count('s2')).toBe(1);
  });

  it('reads a case saved without answers or note, and sets a bad row aside', () => {
    db.prepare("INSERT INTO judge_cases VALUES ('old', 's1', 0, 5, '{\"state\":\"hi\"}')").run();
    db.prepare("INSERT INTO judge_cases VALUES ('bad', 's1', 1, 5, '{\"state\":42}')").run();
    db.prepare("INSERT INTO judge_cases VALUES ('torn', 's1', 2, 5, '{\"state\":')").run();
    expect(cases.list('s1', { offset: 0, limit: 10 })).toEqual([
      { id: 'old', setId: 's1', position: 0, updatedAt: 5, state: 'hi', expected: {}, note: '' },
    ]);
    expect(cases.count('s1')).toBe(1);
    const set = db.prepare('SELECT kind, record_id, raw FROM quarantine ORDER BY seq').all();
    expect(set).toEqual([
      { kind: 'judge-case', record_id: 'bad', raw: '{"state":42}' },
      { kind: 'judge-case', record_id: 'torn', raw: '{"state":' },
    ]);
    expect(notices.list()).toMatchObject([{ file: 'judge-case bad' }, { file: 'judge-case torn' }]);
  });

  it('a failed append leaves nothing behind', () => {
    cases.append('s1', [draft('a')], newId, 1);
    // The second id repeats the first: the primary key stops the insert halfway.
    const ids = ['x', 'x'];
    expect(() => cases.append('s1', [draft('b'), draft('c')], () => ids.shift()!, 2)).toThrow();
    expect(states(cases.all('s1'))).toEqual(['a']);
  });

  it('inserts 100,000 cases in one transaction, then pages and counts them by the index', () => {
    const drafts = Array.from({ length: 100_000 }, (_, i) =>
      draft(`Customer message number ${i}: my order has not arrived`, i % 10 === 0 ? 'tenth' : ''),
    );
    const t0 = performance.now();
    cases.append('s1', drafts, newId, 1);
    const insertMs = performance.now() - t0;
    const t1 = performance.now();
    const n = cases.count('s1');
    const countMs = performance.now() - t1;
    const t2 = performance.now();
    const page = cases.list('s1', { offset: 99_950, limit: 100 });
    const pageMs = performance.now() - t2;
    const t3 = performance.now();
    cases.insertAfter(cases.get('c1')!, draft('copy of the first'), 'dup', 2);
    const shiftMs = performance.now() - t3;
    console.log(
      `100,000 cases: insert ${insertMs.toFixed(0)} ms, count ${countMs.toFixed(1)} ms, ` +
        `last page ${pageMs.toFixed(1)} ms, duplicate the first ${shiftMs.toFixed(0)} ms`,
    );
    expect(n).toBe(100_000);
    expect(page).toHaveLength(50);
    expect(page[0]).toMatchObject({ position: 99_950, state: expect.stringContaining('number 99950:') });
    expect(cases.count('s1', 'tenth')).toBe(10_000);
    expect(cases.list('s1', { offset: 0, limit: 3 }).map((c) => c.id)).toEqual(['c1', 'dup', 'c2']);
    expect(cases.list('s1', { offset: 100_000, limit: 1 })[0]).toMatchObject({
      id: 'c100000',
      position: 100_000,
    });
    const plan = db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT id FROM judge_cases WHERE set_id = ? ORDER BY position LIMIT 10 OFFSET 5',
      )
      .all('s1')
      .map((r) => (r as { detail: string }).detail)
      .join(' ');
    expect(plan).toContain('judge_cases_by_position');
    expect(plan).not.toContain('TEMP B-TREE'); // no sort: the index gives the order
  });
});
