import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-shared/chat/conversation';
import type { StoredJudgeRun } from '../../../src-shared/judge/judge-run';
import type { StoredSet } from '../../../src-shared/judge/question-set';
import { StorageNotices } from '../storage/storage-notices';
import { openMemoryDatabase } from './open-database';
import { createRepositories, type Repositories } from './repositories';
import { transaction } from './transaction';

let db: DatabaseSync;
let notices: StorageNotices;
let repos: Repositories;
beforeEach(() => {
  db = openMemoryDatabase();
  notices = new StorageNotices();
  repos = createRepositories({ db, notices, now: () => 42 });
});

const chat = (id: string, texts: string[], updatedAt = 1): Conversation => ({
  id,
  title: `Chat ${id}`,
  createdAt: 1,
  updatedAt,
  model: 'm',
  system: '',
  params: { temperature: 0.5 },
  messages: texts.map((content, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content,
    ...(i % 2 ? { stats: { totalMs: 5 } } : {}),
  })),
});
const set: StoredSet = {
  id: 's1',
  name: 'Tone',
  createdAt: 1,
  updatedAt: 3,
  revisions: [
    { revision: 1, savedAt: 1, questions: [] },
    {
      revision: 2,
      savedAt: 3,
      questions: [{ name: 'q', type: 'noul', instructions: 'i', options: [], levels: [] }],
    },
  ],
};
const run = (id: string, createdAt: number): StoredJudgeRun => ({
  id,
  setId: 's1',
  setRevision: 2,
  createdAt,
  state: { mode: 'text', text: 'hi' },
  modelAsked: 'judge',
  answers: [],
  usage: {},
  latencyMs: 1,
  raw: '{}',
});

describe('conversations', () => {
  it('saves, lists summaries newest first, reads back exactly and deletes with the messages', () => {
    const a = chat('a', ['hello', 'hi there'], 5);
    repos.conversations.put(a);
    repos.conversations.put(chat('b', ['x'], 9));
    expect(repos.conversations.summaries()).toEqual([
      { id: 'b', title: 'Chat b', createdAt: 1, updatedAt: 9, messageCount: 1, pinned: false },
      { id: 'a', title: 'Chat a', createdAt: 1, updatedAt: 5, messageCount: 2, pinned: false },
    ]);
    expect(repos.conversations.get('a')).toEqual(a);
    repos.conversations.put({ ...a, messages: a.messages.slice(0, 1) });
    expect(repos.conversations.get('a')?.messages).toEqual([{ role: 'user', content: 'hello' }]);
    expect(repos.conversations.delete('a')).toBe(true);
    expect(db.prepare("SELECT count(*) AS n FROM messages WHERE conversation_id = 'a'").get()).toEqual({
      n: 0,
    });
  });

  it('round-trips a reply with reasoning and thinking timings, and reads rows written without them', () => {
    const thinking: Conversation = {
      ...chat('r', ['why?']),
      messages: [
        { role: 'user', content: 'why?' },
        {
          role: 'assistant',
          content: 'Because.',
          reasoning: 'Let me think it through.',
          stats: { totalMs: 900, firstReasoningMs: 40, reasoningMs: 700, firstTokenMs: 740 },
        },
      ],
    };
    repos.conversations.put(thinking);
    expect(repos.conversations.get('r')).toEqual(thinking);
    // The reasoning lives in the row's JSON data, not in the searched content column.
    expect(repos.conversations.search('through')).toEqual([]);
    const old = chat('o', ['q', 'a']);
    repos.conversations.put(old);
    expect(repos.conversations.get('o')?.messages[1]).not.toHaveProperty('reasoning');
  });

  it('reads a conversation written before versions existed, and round-trips one with versions', () => {
    // The row exactly as a version-2 database holds it, written without the repository.
    db.prepare(
      'INSERT INTO conversations (id, title, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?)',
    ).run('old', 'Old chat', 1, 2, JSON.stringify({ model: 'm', system: '', params: {} }));
    const insert = db.prepare(
      'INSERT INTO messages (conversation_id, position, role, content, data) VALUES (?, ?, ?, ?, ?)',
    );
    insert.run('old', 0, 'user', 'q', '{}');
    insert.run('old', 1, 'assistant', 'a', JSON.stringify({ stats: { totalMs: 5 } }));
    expect(repos.conversations.get('old')).toEqual({
      id: 'old',
      title: 'Old chat',
      createdAt: 1,
      updatedAt: 2,
      model: 'm',
      system: '',
      params: {},
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a', stats: { totalMs: 5 } },
      ],
    });
    const versioned: Conversation = {
      ...chat('v', ['q2', 'a2']),
      messages: [
        {
          role: 'user',
          content: 'q2',
          alternatives: [
            [
              { role: 'user', content: 'q' },
              { role: 'assistant', content: 'a' },
            ],
          ],
          branchIndex: 1,
        },
        { role: 'assistant', content: 'a2' },
      ],
      pendingBranches: { position: 2, tails: [[{ role: 'assistant', content: 'kept' }]] },
    };
    repos.conversations.put(versioned);
    expect(repos.conversations.get('v')).toEqual(versioned);
    // Only the version shown is searched.
    expect(repos.conversations.search('q2').map((h) => h.conversationId)).toEqual(['v']);
    expect(repos.conversations.search('kept')).toEqual([]);
  });

  it('keeps the search index in step with inserts, edits and deletes', () => {
    repos.conversations.put(chat('a', ['the quick brown fox', 'jumps over']));
    repos.conversations.put(chat('b', ['a lazy dog']));
    expect(repos.conversations.search('fox')).toEqual([
      { conversationId: 'a', title: 'Chat a', updatedAt: 1, snippet: 'the quick brown [fox]' },
    ]);
    repos.conversations.put(chat('a', ['the quick brown cat', 'jumps over']));
    expect(repos.conversations.search('fox')).toEqual([]);
    expect(repos.conversations.search('cat')).toHaveLength(1);
    repos.conversations.delete('b');
    expect(repos.conversations.search('dog')).toEqual([]);
    // Query syntax in the user's words is searched as text, not run.
    expect(() => repos.conversations.search('fox" OR NEAR(')).not.toThrow();
    expect(repos.conversations.search('   ')).toEqual([]);
  });

  it('lists pinned conversations first, and keeps the pin when the conversation is saved again', () => {
    repos.conversations.put(chat('old', ['x'], 1));
    repos.conversations.put(chat('new', ['y'], 9));
    expect(repos.conversations.setPinned('old', true)).toBe(true);
    expect(repos.conversations.setPinned('missing', true)).toBe(false);
    repos.conversations.put(chat('old', ['x', 'a reply'], 2));
    expect(repos.conversations.summaries().map((s) => [s.id, s.pinned])).toEqual([
      ['old', true],
      ['new', false],
    ]);
    repos.conversations.setPinned('old', false);
    expect(repos.conversations.summaries().map((s) => s.id)).toEqual(['new', 'old']);
  });

  it('finds conversations by title first, then by message text, each once', () => {
    repos.conversations.put({ ...chat('t', ['nothing here']), title: 'Caching with 100% hit_rate' });
    repos.conversations.put(chat('m', ['how does caching work', 'caching keeps copies']));
    repos.conversations.put(chat('n', ['unrelated']));
    const hits = repos.conversations.search('caching');
    expect(hits.map((h) => [h.conversationId, h.snippet])).toEqual([
      ['t', undefined],
      ['m', expect.stringContaining('[caching]')],
    ]);
    // Every word must be found; % and _ are letters, not LIKE wildcards.
    expect(repos.conversations.search('caching 100%').map((h) => h.conversationId)).toEqual(['t']);
    expect(repos.conversations.search('hit_rate').map((h) => h.conversationId)).toEqual(['t']);
    expect(repos.conversations.search('hit%rate')).toEqual([]);
    expect(repos.conversations.search('Chat n').map((h) => h.conversationId)).toEqual(['n']);
  });

  it('sets aside a conversation that fails its schema, reports it and never writes it back', () => {
    repos.conversations.put(chat('a', ['keep me']));
    repos.conversations.put(chat('bad', ['broken']));
    db.prepare("UPDATE conversations SET data = '{\"model\": 7}' WHERE id = 'bad'").run();
    expect(repos.conversations.get('bad')).toBeUndefined();
    expect(repos.conversations.summaries().map((s) => s.id)).toEqual(['a']);
    const q = db.prepare('SELECT kind, record_id, raw, reason FROM quarantine').all() as {
      kind: string;
      record_id: string;
      raw: string;
      reason: string;
    }[];
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({ kind: 'conversation', record_id: 'bad' });
    expect(JSON.parse(q[0].raw).messages[0].content).toBe('broken');
    expect(notices.list()).toEqual([
      expect.objectContaining({ kind: 'set-aside', file: 'conversation bad', movedTo: 'quarantine #1' }),
    ]);
  });
});

describe('question sets and runs', () => {
  it('keeps every revision, summarises the latest, and deleting a set takes its runs', () => {
    repos.sets.put(set);
    repos.runs.put(run('r1', 10));
    repos.runs.put(run('r2', 20));
    expect(repos.sets.get('s1')).toEqual(set);
    expect(repos.sets.summaries()).toEqual([
      { id: 's1', name: 'Tone', updatedAt: 3, revision: 2, questionCount: 1 },
    ]);
    expect(repos.sets.nameTaken('Tone')).toBe(true);
    expect(repos.sets.nameTaken('Tone', 's1')).toBe(false);
    expect(repos.sets.idByName('Tone')).toBe('s1');
    expect(repos.runs.listBySet('s1').map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(() => repos.runs.put({ ...run('r3', 1), setId: 'missing' })).toThrow(/FOREIGN KEY/);
    repos.sets.delete('s1');
    expect(repos.runs.list()).toEqual([]);
  });

  it('sets a broken set aside together with its runs, so nothing is lost to the cascade', () => {
    repos.sets.put(set);
    repos.runs.put(run('r1', 10));
    db.prepare("UPDATE set_revisions SET questions = 'not json' WHERE revision = 2").run();
    expect(repos.sets.get('s1')).toBeUndefined();
    const kinds = db.prepare('SELECT kind, record_id FROM quarantine ORDER BY seq').all();
    expect(kinds.map((r) => ({ ...r }))).toEqual([
      { kind: 'question-set', record_id: 's1' },
      { kind: 'judge-run', record_id: 'r1' },
    ]);
    expect(notices.list()).toHaveLength(2);
  });
});

describe('record tables', () => {
  it('quarantines a row that fails its schema and lists the rest', () => {
    const entry = (id: string, createdAt: number) => ({
      id,
      kind: 'speech' as const,
      createdAt,
      profileId: 'p',
      model: 'tts',
      text: 't',
      params: { voice: 'v', format: 'mp3', speed: 1 },
      rel: `speech/${id}.mp3`,
      container: 'mp3',
      wrappedPcm: false,
      unplayable: false,
      bytes: 3,
    });
    repos.media.put(entry('m1', 1));
    repos.media.put(entry('m2', 2));
    db.prepare("UPDATE media_entries SET data = json_set(data, '$.bytes', 'many') WHERE id = 'm1'").run();
    expect(repos.media.listKind('speech').map((e) => e.id)).toEqual(['m2']);
    expect(repos.media.get('m1')).toBeUndefined();
    expect(notices.list()[0]).toMatchObject({ kind: 'set-aside', file: 'media-entry m1' });
    expect(notices.list()[0]).toHaveProperty('reason', expect.stringContaining('bytes'));
  });

  it('a transaction commits all of its changes or none', () => {
    expect(() =>
      transaction(db, () => {
        repos.conversations.put(chat('a', ['one']));
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(repos.conversations.summaries()).toEqual([]);
  });
});

describe('video task rows written before the real-gateway fields', () => {
  it('an old row still reads, its new fields absent', () => {
    const db = openMemoryDatabase();
    const repos = createRepositories({ db, notices: new StorageNotices() });
    // A row exactly as an earlier version saved it: no errorCode, lastFrameUrl, stoppedCheckingAt...
    const old = {
      id: 'old1',
      taskId: 'task-1',
      profileId: 'p',
      form: {
        model: 'm',
        prompt: 'a kite',
        images: [],
        ratio: '16:9',
        duration: 10,
        resolution: '720p',
        generateAudio: true,
      },
      request: { model: 'm', content: [{ type: 'text', text: 'a kite' }] },
      createdAt: 1,
      updatedAt: 2,
      state: 'failed',
      error: 'boom',
      finishedAt: 2,
    };
    db.prepare(
      'INSERT INTO video_tasks (id, task_id, state, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?, ?)',
    ).run('old1', 'task-1', 'failed', 1, 2, JSON.stringify(old));
    const task = repos.videoTasks.get('old1');
    expect(task).toMatchObject({ id: 'old1', state: 'failed', error: 'boom' });
    expect(task?.errorCode).toBeUndefined();
    expect(task?.stoppedCheckingAt).toBeUndefined();
    db.close();
  });
});
