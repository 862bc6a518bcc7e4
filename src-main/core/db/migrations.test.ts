import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { ChatPreset } from '../../../src-shared/chat/chat-preset';
import type { Conversation } from '../../../src-shared/chat/conversation';
import { StorageNotices } from '../storage/storage-notices';
import { conversationRepository } from './conversation-repository';
import { batchRunRepository } from './batch-run-repository';
import { judgeCaseRepository } from './judge-case-repository';
import { questionSetRepository } from './question-set-repository';
import { reviewRepository } from './review-repository';
import { chatPresetRepository, judgeRunRepository } from './record-repositories';
import { DatabaseTooNewError, type Migration, MIGRATIONS, runMigrations, schemaVersion } from './migrations';

/** A conversation's rows as versions before 9 wrote them (no attachment references table yet). */
function putAsVersion7Saved(db: DatabaseSync, c: Conversation): void {
  const { id, title, createdAt, updatedAt, messages, ...rest } = c;
  db.prepare(
    'INSERT INTO conversations (id, title, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?)',
  ).run(id, title, createdAt, updatedAt, JSON.stringify(rest));
  messages.forEach(({ role, content, ...extra }, position) =>
    db
      .prepare('INSERT INTO messages (conversation_id, position, role, content, data) VALUES (?, ?, ?, ?, ?)')
      .run(id, position, role, content, JSON.stringify(extra)),
  );
}

const blank = () => {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
};
const tables = (db: DatabaseSync) =>
  (
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  )
    .map((r) => r.name)
    .filter((n) => !n.startsWith('messages_fts_'));

describe('migrations', () => {
  it('builds the whole schema from an empty database', () => {
    const db = blank();
    expect(runMigrations(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(tables(db)).toEqual([
      'chat_presets',
      'conversation_attachments',
      'conversations',
      'eval_cell_marks',
      'eval_cells',
      'eval_rows',
      'eval_runs',
      'evals',
      'judge_batch_results',
      'judge_batch_runs',
      'judge_cases',
      'judge_label_edits',
      'judge_review_marks',
      'judge_runs',
      'media_entries',
      'messages',
      'messages_fts',
      'meta',
      'quarantine',
      'question_sets',
      'set_revision_tuning',
      'set_revisions',
      'video_tasks',
    ]);
    expect(runMigrations(db)).toBe(MIGRATIONS.at(-1)!.version); // a second run changes nothing
  });

  it('brings every older version up to date, keeping its data', () => {
    for (const from of MIGRATIONS.map((m) => m.version).slice(0, -1)) {
      const db = blank();
      runMigrations(db, MIGRATIONS.slice(0, from));
      expect(schemaVersion(db)).toBe(from);
      // Columns named: later versions add some (pinned), which an old row never had.
      db.prepare(
        "INSERT INTO conversations (id, title, created_at, updated_at, data) VALUES ('c1', 'Old', 1, 2, '{}')",
      ).run();
      db.prepare(
        "INSERT INTO messages VALUES ('c1', 0, 'user', 'an aardvark before search existed', '{}')",
      ).run();
      runMigrations(db);
      expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
      const repo = conversationRepository({ db, notices: new StorageNotices() });
      expect(repo.summaries()).toEqual([
        { id: 'c1', title: 'Old', createdAt: 1, updatedAt: 2, messageCount: 1, pinned: false },
      ]);
      // Messages saved before the search index existed are found too.
      expect(repo.search('aardvark').map((h) => h.conversationId)).toEqual(['c1']);
      // Conversations from before pinning arrive unpinned, and can be pinned.
      expect(repo.setPinned('c1', true)).toBe(true);
      expect(repo.summaries()[0].pinned).toBe(true);
      expect(repo.get('c1')).toBeUndefined(); // '{}' is not a whole record: set aside, as before
      // Databases from before presets gain an empty table for them.
      expect(chatPresetRepository({ db, notices: new StorageNotices() }).list()).toEqual([]);
      // Databases from before batch runs gain empty tables for them.
      expect(batchRunRepository({ db, notices: new StorageNotices() }).listRuns()).toEqual([]);
    }
  });

  it('brings a version-4 database with sets, runs and presets to version 5 intact, with an empty cases table', () => {
    const db = blank();
    runMigrations(db, MIGRATIONS.slice(0, 4));
    expect(schemaVersion(db)).toBe(4);
    const ctx = { db, notices: new StorageNotices() };
    const set = {
      id: 's1',
      name: 'Support',
      createdAt: 1,
      updatedAt: 2,
      revisions: [
        {
          revision: 1,
          savedAt: 1,
          questions: [{ name: 'ok', type: 'noul' as const, instructions: 'Fine?', options: [], levels: [] }],
        },
      ],
    };
    questionSetRepository(ctx).put(set);
    const run = {
      id: 'r1',
      setId: 's1',
      setRevision: 1,
      createdAt: 3,
      state: { mode: 'text' as const, text: 'hello' },
      modelAsked: 'judge-latest',
      answers: [{ name: 'ok', kind: 'noul', noul: 0.9 }],
      usage: { inputTokens: 12 },
      latencyMs: 5,
      raw: '{}',
    };
    judgeRunRepository(ctx).put(run);
    const preset: ChatPreset = {
      id: 'p1',
      name: 'Terse',
      updatedAt: 4,
      model: 'm',
      system: 'Be brief.',
      params: { temperature: 0.2 },
      variables: { tone: 'dry' },
    };
    chatPresetRepository(ctx).put(preset);

    runMigrations(db);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(questionSetRepository(ctx).get('s1')).toEqual(set);
    expect(judgeRunRepository(ctx).get('r1')).toEqual(run);
    expect(chatPresetRepository(ctx).get('p1')).toEqual(preset);
    expect(db.prepare('SELECT count(*) AS n FROM quarantine').get()).toEqual({ n: 0 });
    // The new table takes cases for the old set, and goes with it.
    const cases = judgeCaseRepository(ctx);
    expect(cases.count('s1')).toBe(0);
    cases.append('s1', [{ state: 'hi', expected: { ok: true }, note: '' }], () => 'c1', 5);
    expect(cases.get('c1')).toMatchObject({ setId: 's1', state: 'hi', expected: { ok: true } });
    questionSetRepository(ctx).delete('s1');
    expect(cases.count('s1')).toBe(0);
  });

  it('brings a version-6 database to version 7 with its sets unchanged and untuned, then keeps a tuned revision', () => {
    const db = blank();
    runMigrations(db, MIGRATIONS.slice(0, 6));
    expect(schemaVersion(db)).toBe(6);
    const ctx = { db, notices: new StorageNotices() };
    const q = { name: 'ok', type: 'noul' as const, instructions: 'Fine?', options: [], levels: [] };
    const set = {
      id: 's1',
      name: 'Support',
      createdAt: 1,
      updatedAt: 2,
      revisions: [{ revision: 1, savedAt: 1, questions: [q] }],
    };
    questionSetRepository(ctx).put(set);

    runMigrations(db, MIGRATIONS.slice(0, 7));
    expect(schemaVersion(db)).toBe(7);
    const repo = questionSetRepository(ctx);
    expect(repo.get('s1')).toEqual(set);
    expect(repo.get('s1')!.revisions[0]).not.toHaveProperty('tuning');
    const tuning = { thresholds: { ok: 0.7 }, minimums: { auc: 0.85 } };
    repo.put({ ...set, revisions: [...set.revisions, { revision: 2, savedAt: 3, questions: [q], tuning }] });
    expect(repo.get('s1')!.revisions.map((r) => r.tuning)).toEqual([undefined, tuning]);
    expect(db.prepare('SELECT count(*) AS n FROM quarantine').get()).toEqual({ n: 0 });
    repo.delete('s1');
    expect(db.prepare('SELECT count(*) AS n FROM set_revision_tuning').get()).toEqual({ n: 0 });
  });

  it('brings a version-7 database to version 8: chat fields typed as extras move into the form’s params', () => {
    const db = blank();
    runMigrations(db, MIGRATIONS.slice(0, 7));
    const ctx = { db, notices: new StorageNotices() };
    // As version 7 saved them: seed, stop and logprobs could only be extras then.
    const oldExtra = {
      seed: 7,
      stop: ['END', '###'],
      logprobs: true,
      top_logprobs: 3,
      presence_penalty: 5, // out of the form's range: stays an extra, nothing is lost
      thinking: { type: 'enabled' },
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'answer', schema: { type: 'object' }, strict: true },
      },
    };
    const message = { role: 'user' as const, content: 'Hello' };
    putAsVersion7Saved(db, {
      id: 'c1',
      title: 'Old chat',
      createdAt: 1,
      updatedAt: 2,
      model: 'm',
      system: 'Be brief.',
      params: { temperature: 0.2 },
      extra: oldExtra,
      messages: [message],
    });
    putAsVersion7Saved(db, {
      id: 'c2',
      title: 'Untouched',
      createdAt: 1,
      updatedAt: 2,
      model: 'm',
      system: '',
      params: {},
      extra: { thinking: true },
      messages: [],
    });
    const preset: ChatPreset = {
      id: 'p1',
      name: 'Seeded',
      updatedAt: 4,
      model: 'm',
      system: '',
      params: { max_tokens: 100 },
      extra: {
        seed: 42,
        reasoning_effort: 'low',
        frequency_penalty: -1,
        // A name the API refuses: stays an extra, named when sent.
        response_format: { type: 'json_schema', json_schema: { name: 'has space', schema: {} } },
      },
    };
    chatPresetRepository(ctx).put(preset);
    const untouched = db.prepare("SELECT data FROM conversations WHERE id = 'c2'").get();

    runMigrations(db, MIGRATIONS.slice(0, 8));
    expect(schemaVersion(db)).toBe(8);
    const chat = conversationRepository(ctx).get('c1')!;
    expect(chat.params).toEqual({
      temperature: 0.2,
      seed: 7,
      stop: ['END', '###'],
      logprobs: true,
      top_logprobs: 3,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'answer', schema: { type: 'object' }, strict: true },
      },
    });
    expect(chat.extra).toEqual({ presence_penalty: 5, thinking: { type: 'enabled' } });
    expect(chat).toMatchObject({ title: 'Old chat', system: 'Be brief.', messages: [message] });
    expect(db.prepare("SELECT data FROM conversations WHERE id = 'c2'").get()).toEqual(untouched);
    expect(chatPresetRepository(ctx).list()[0]).toEqual({
      ...preset,
      params: { max_tokens: 100, seed: 42, reasoning_effort: 'low', frequency_penalty: -1 },
      extra: { response_format: { type: 'json_schema', json_schema: { name: 'has space', schema: {} } } },
    });
    expect(db.prepare('SELECT count(*) AS n FROM quarantine').get()).toEqual({ n: 0 });
  });

  it('brings a version-7 database to version 8: tools, tool_choice and parallel_tool_calls typed as extras too', () => {
    const db = blank();
    runMigrations(db, MIGRATIONS.slice(0, 7));
    const ctx = { db, notices: new StorageNotices() };
    const weather = {
      type: 'function',
      function: {
        name: 'get_weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    };
    const preset: ChatPreset = {
      id: 'p1',
      name: 'Tools',
      updatedAt: 4,
      model: 'm',
      system: '',
      params: {},
      extra: { tools: [weather], tool_choice: 'required', parallel_tool_calls: false },
    };
    chatPresetRepository(ctx).put(preset);
    putAsVersion7Saved(db, {
      id: 'c1',
      title: 'A choice with no tools',
      createdAt: 1,
      updatedAt: 2,
      model: 'm',
      system: '',
      params: {},
      // The form refuses a tool_choice with no tools, so it stays an extra: nothing is lost.
      extra: { tool_choice: 'auto', tools: [{ type: 'function', function: { name: 'bad name' } }] },
      messages: [{ role: 'user', content: 'Hi' }],
    });

    runMigrations(db, MIGRATIONS.slice(0, 8));
    expect(schemaVersion(db)).toBe(8);
    expect(chatPresetRepository(ctx).list()[0]).toEqual({
      ...preset,
      params: { tools: [weather], tool_choice: 'required', parallel_tool_calls: false },
      extra: {},
    });
    const chat = conversationRepository(ctx).get('c1')!;
    expect(chat.params).toEqual({});
    expect(chat.extra).toEqual({
      tool_choice: 'auto',
      tools: [{ type: 'function', function: { name: 'bad name' } }],
    });
    expect(db.prepare('SELECT count(*) AS n FROM quarantine').get()).toEqual({ n: 0 });
  });

  it('brings a version-9 database with cases and a run to version 10 intact, with no marks or label edits', () => {
    const db = blank();
    runMigrations(db, MIGRATIONS.slice(0, 9));
    expect(schemaVersion(db)).toBe(9);
    const ctx = { db, notices: new StorageNotices() };
    const q = { name: 'ok', type: 'noul' as const, instructions: 'Fine?', options: [], levels: [] };
    questionSetRepository(ctx).put({
      id: 's1',
      name: 'Support',
      createdAt: 1,
      updatedAt: 2,
      revisions: [{ revision: 1, savedAt: 1, questions: [q] }],
    });
    const [saved] = judgeCaseRepository(ctx).append(
      's1',
      [{ state: 'hi', expected: { ok: true }, note: 'n' }],
      () => 'k1',
      3,
    );
    const run = batchRunRepository(ctx).putRun({
      id: 'r1',
      setId: 's1',
      setRevision: 1,
      model: 'judge-1',
      state: 'done',
      createdAt: 4,
      updatedAt: 5,
      concurrency: 1,
      totals: { cases: 1 },
      tokens: 0,
      yuan: 0,
      versions: {},
      rateLimited: 0,
      source: { kind: 'named', key: 'set:s1' },
    });
    const before = { run: batchRunRepository(ctx).getRun('r1'), kase: judgeCaseRepository(ctx).get('k1') };

    expect(runMigrations(db, MIGRATIONS.slice(0, 10))).toBe(10);
    expect(batchRunRepository(ctx).getRun('r1')).toEqual(before.run);
    expect(judgeCaseRepository(ctx).get('k1')).toEqual(before.kase);
    expect(before.kase).toEqual(saved);
    const reviews = reviewRepository(ctx);
    expect(reviews.marks(run.id).size).toBe(0);
    expect(reviews.labelEdits('k1')).toEqual([]);
    reviews.setMark('r1', 'k1', 'agree', 'fine', 6);
    reviews.addLabelEdit({ caseId: 'k1', question: 'ok', before: true, after: false, who: 'you', at: 7 });
    expect(reviews.corrected('s1')).toEqual(new Set(['k1']));
    // Deleting the run takes its marks, deleting the case its history.
    batchRunRepository(ctx).deleteRun('r1');
    expect(reviews.marks('r1').size).toBe(0);
    judgeCaseRepository(ctx).delete(['k1']);
    expect(reviews.labelEdits('k1')).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM quarantine').get()).toEqual({ n: 0 });
  });

  it('runs each migration in its own transaction: a failure keeps the last good version', () => {
    const db = blank();
    const list: Migration[] = [
      { version: 1, name: 'one', up: (d) => d.exec('CREATE TABLE a (x INTEGER)') },
      {
        version: 2,
        name: 'breaks halfway',
        up: (d) => d.exec('CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1)'),
      },
    ];
    expect(() => runMigrations(db, list)).toThrow(/nowhere/);
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['a']);
  });

  it('refuses a database written by a newer version', () => {
    const db = blank();
    db.exec('PRAGMA user_version = 99');
    expect(() => runMigrations(db)).toThrow(DatabaseTooNewError);
    expect(() => runMigrations(db)).toThrow(/newer Gatehouse/);
  });
});
