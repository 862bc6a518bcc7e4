/**
 * The first schema. Columns hold what is queried or sorted (ids, times, names, states); `data`
 * holds the rest of a record as JSON, read back through the record's zod schema. STRICT tables,
 * so a value of the wrong type is refused on write instead of surfacing later.
 */
export const SCHEMA_V1 = `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  data TEXT NOT NULL
) STRICT;
CREATE INDEX conversations_by_updated ON conversations (updated_at DESC);

CREATE TABLE messages (
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  role TEXT NOT NULL,
  content TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (conversation_id, position)
) STRICT;

CREATE TABLE question_sets (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX question_sets_by_name ON question_sets (name);

CREATE TABLE set_revisions (
  set_id TEXT NOT NULL REFERENCES question_sets (id) ON DELETE CASCADE,
  revision INTEGER NOT NULL,
  saved_at INTEGER NOT NULL,
  questions TEXT NOT NULL,
  PRIMARY KEY (set_id, revision)
) STRICT;

CREATE TABLE judge_runs (
  id TEXT PRIMARY KEY,
  set_id TEXT NOT NULL REFERENCES question_sets (id) ON DELETE CASCADE,
  set_revision INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  data TEXT NOT NULL
) STRICT;
CREATE INDEX judge_runs_by_set ON judge_runs (set_id, created_at DESC);

CREATE TABLE video_tasks (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL,
  state TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  data TEXT NOT NULL
) STRICT;
CREATE INDEX video_tasks_by_created ON video_tasks (created_at DESC);

CREATE TABLE media_entries (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  data TEXT NOT NULL
) STRICT;
CREATE INDEX media_entries_by_kind ON media_entries (kind, created_at DESC);

CREATE TABLE quarantine (
  seq INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  record_id TEXT NOT NULL,
  raw TEXT NOT NULL,
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
) STRICT;
`;

/**
 * Full-text index over message content for conversation search. External content (the text
 * lives once, in `messages`), kept in step by triggers; FTS5 delete-commands need the old text.
 * `rebuild` indexes the messages a version-1 database already holds.
 */
export const SCHEMA_V2_MESSAGE_SEARCH = `
CREATE VIRTUAL TABLE messages_fts USING fts5 (content, content = 'messages', content_rowid = 'rowid');
CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
  INSERT INTO messages_fts (rowid, content) VALUES (new.rowid, new.content);
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
END;
CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
  INSERT INTO messages_fts (rowid, content) VALUES (new.rowid, new.content);
END;
INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
`;

/**
 * Version 3: a conversation can be pinned to the top of the list. Existing rows are unpinned;
 * the list is sorted pinned first, then by last change.
 */
export const SCHEMA_V3_PINNED = `
ALTER TABLE conversations ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
CREATE INDEX conversations_by_pin ON conversations (pinned DESC, updated_at DESC);
`;

/** Chat presets: a named model, system prompt, parameters, extra fields and variable values. */
export const SCHEMA_V4_CHAT_PRESETS = `
CREATE TABLE chat_presets (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  data TEXT NOT NULL
) STRICT;
`;

/**
 * Test cases of a question set: a state with the answers expected for it. `position` orders the
 * cases in their set (a duplicate goes right after its original, so positions are shifted, and
 * the unique index keeps two cases from ever sharing one). That index also serves a page of a
 * set in order (`WHERE set_id = ? ORDER BY position LIMIT … OFFSET …`) and the count of a set,
 * both without reading `data`, at 100,000 cases per set.
 */
export const SCHEMA_V5_JUDGE_CASES = `
CREATE TABLE judge_cases (
  id TEXT PRIMARY KEY,
  set_id TEXT NOT NULL REFERENCES question_sets (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  data TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX judge_cases_by_position ON judge_cases (set_id, position);
`;

/**
 * Version 6: judge batch runs (a set revision × many cases × one model) and one row per case
 * answered. Each result is written alone as it arrives, so a restart resumes where it stopped;
 * the primary key lists a run's results by case, the status index counts and filters them.
 * (Version 5 is the cases table.)
 */
export const SCHEMA_V6_JUDGE_BATCH = `
CREATE TABLE judge_batch_runs (
  id TEXT PRIMARY KEY,
  set_id TEXT NOT NULL REFERENCES question_sets (id) ON DELETE CASCADE,
  set_revision INTEGER NOT NULL,
  model TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'paused', 'cancelled', 'done')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  data TEXT NOT NULL
) STRICT;
CREATE INDEX judge_batch_runs_by_set ON judge_batch_runs (set_id, created_at DESC);
CREATE INDEX judge_batch_runs_by_state ON judge_batch_runs (state);

CREATE TABLE judge_batch_results (
  run_id TEXT NOT NULL REFERENCES judge_batch_runs (id) ON DELETE CASCADE,
  case_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('done', 'failed')),
  updated_at INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (run_id, case_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX judge_batch_results_by_status ON judge_batch_results (run_id, status, case_id);
`;

/**
 * Version 7: the thresholds and minimums tuned for a set revision (docs/architecture.md, "Judge
 * thresholds"), in a table of their own so revision rows stay as they were saved and a revision
 * without tuning needs no row.
 */
export const SCHEMA_V7_SET_TUNING = `
CREATE TABLE set_revision_tuning (
  set_id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  tuning TEXT NOT NULL,
  PRIMARY KEY (set_id, revision),
  FOREIGN KEY (set_id, revision) REFERENCES set_revisions (set_id, revision) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
`;

/**
 * Version 9: which attachment files each conversation refers to (docs/architecture.md, "Chat
 * attachments"), kept by the conversation repository on every save, so the files no conversation
 * needs can be found without reading every message.
 */
export const SCHEMA_V9_ATTACHMENT_REFS = `
CREATE TABLE conversation_attachments (
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  attachment_id TEXT NOT NULL,
  PRIMARY KEY (conversation_id, attachment_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX conversation_attachments_by_file ON conversation_attachments (attachment_id);
`;

/**
 * Version 10: the review of a batch run's results (docs/architecture.md, "Review in the
 * results"). A mark says whether the user agrees with the judge on one case of one run, with a
 * comment; a label edit keeps who corrected a saved case's expected answer from the results and
 * when, with the answer before and after (the case itself holds only the new one).
 */
export const SCHEMA_V10_REVIEW = `
CREATE TABLE judge_review_marks (
  run_id TEXT NOT NULL REFERENCES judge_batch_runs (id) ON DELETE CASCADE,
  case_id TEXT NOT NULL,
  verdict TEXT CHECK (verdict IN ('agree', 'disagree')),
  comment TEXT NOT NULL DEFAULT '',
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (run_id, case_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE judge_label_edits (
  id INTEGER PRIMARY KEY,
  case_id TEXT NOT NULL REFERENCES judge_cases (id) ON DELETE CASCADE,
  run_id TEXT,
  question TEXT NOT NULL,
  before TEXT,
  after TEXT NOT NULL,
  who TEXT NOT NULL,
  at INTEGER NOT NULL
) STRICT;
CREATE INDEX judge_label_edits_by_case ON judge_label_edits (case_id, at);
`;

/**
 * Version 11: evals (docs/architecture.md, "Evals"). An eval's definition is JSON
 * in `data`; its dataset rows are rows of their own, so 100,000 of them are read a page at a
 * time. A run keeps the definition it started with; a cell is written alone when its result
 * arrives (never planned ahead), found by run and state to count and resume, and by its request's
 * cache key (done cells only) so an identical request is not sent twice. The run keeps its cells'
 * counts by state, kept with each cell's write: counting 400,000 cells by index takes about 50 ms,
 * a task the window's progress must not wait on. Rows and cells are
 * rowid tables: a row's variables or a cell's reply can be long, which WITHOUT ROWID handles badly.
 */
export const SCHEMA_V11_EVALS = `
CREATE TABLE evals (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  data TEXT NOT NULL
) STRICT;
CREATE INDEX evals_by_updated ON evals (updated_at DESC);

CREATE TABLE eval_rows (
  eval_id TEXT NOT NULL REFERENCES evals (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  variables TEXT NOT NULL,
  expected TEXT
) STRICT;
CREATE UNIQUE INDEX eval_rows_by_position ON eval_rows (eval_id, position);

CREATE TABLE eval_runs (
  id TEXT PRIMARY KEY,
  eval_id TEXT NOT NULL REFERENCES evals (id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'paused', 'cancelled', 'done')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  done_cells INTEGER NOT NULL DEFAULT 0,
  failed_cells INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL
) STRICT;
CREATE INDEX eval_runs_by_eval ON eval_runs (eval_id, created_at DESC);
CREATE INDEX eval_runs_by_state ON eval_runs (state);

CREATE TABLE eval_cells (
  run_id TEXT NOT NULL REFERENCES eval_runs (id) ON DELETE CASCADE,
  row_position INTEGER NOT NULL,
  variant_id TEXT NOT NULL,
  target_id TEXT NOT NULL,
  sample INTEGER NOT NULL,
  cache_key TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('done', 'failed')),
  reply TEXT,
  latency_ms REAL,
  tokens_in INTEGER,
  tokens_out INTEGER,
  cost_yuan REAL,
  checks TEXT,
  grades TEXT,
  similarity REAL,
  error TEXT,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX eval_cells_by_cell ON eval_cells (run_id, row_position, variant_id, target_id, sample);
CREATE INDEX eval_cells_by_state ON eval_cells (run_id, state);
CREATE INDEX eval_cells_by_cache_key ON eval_cells (cache_key, updated_at) WHERE state = 'done';
`;

/**
 * Version 12: an eval run's pause reason and the user's marks on its cells (docs/architecture.md,
 * "Evals"). The reason is a column of the run (JSON, null unless paused) so a
 * restarted app says why a run waits; it is cleared when the run goes on. A mark is the user's
 * good / bad on one cell; no row means unmarked. The statistics read the marks from a worker with
 * their own SQL, so the table's name and columns are part of that contract.
 */
export const SCHEMA_V12_EVAL_MARKS = `
ALTER TABLE eval_runs ADD COLUMN pause_reason TEXT;

CREATE TABLE eval_cell_marks (
  run_id TEXT NOT NULL REFERENCES eval_runs (id) ON DELETE CASCADE,
  row_position INTEGER NOT NULL,
  variant_id TEXT NOT NULL,
  target_id TEXT NOT NULL,
  sample INTEGER NOT NULL,
  mark TEXT NOT NULL CHECK (mark IN ('good', 'bad')),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (run_id, row_position, variant_id, target_id, sample)
) STRICT;
`;

/** How much of a message the search index holds (docs/architecture.md, "Data"). */
export const SEARCH_INDEXED_CHARS = 100_000;

/**
 * Version 13: the search index holds each message's first `SEARCH_INDEXED_CHARS` characters, not
 * all of it. Indexing a reply at the 2,000,000-character limit whole held main about 25 ms when
 * it was saved; its first 100,000 characters take about 1 ms and cover every ordinary reply whole. The index reads
 * through a view that cuts the text the same way the triggers do, so `rebuild` and `snippet` agree
 * with what was indexed.
 */
export const SCHEMA_V13_SEARCH_PREFIX = `
DROP TRIGGER messages_fts_insert;
DROP TRIGGER messages_fts_delete;
DROP TRIGGER messages_fts_update;
DROP TABLE messages_fts;
CREATE VIEW messages_fts_text AS
  SELECT rowid AS message_rowid, substr(content, 1, ${SEARCH_INDEXED_CHARS}) AS content FROM messages;
CREATE VIRTUAL TABLE messages_fts USING fts5 (
  content, content = 'messages_fts_text', content_rowid = 'message_rowid'
);
CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
  INSERT INTO messages_fts (rowid, content) VALUES (new.rowid, substr(new.content, 1, ${SEARCH_INDEXED_CHARS}));
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, content)
    VALUES ('delete', old.rowid, substr(old.content, 1, ${SEARCH_INDEXED_CHARS}));
END;
CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, content)
    VALUES ('delete', old.rowid, substr(old.content, 1, ${SEARCH_INDEXED_CHARS}));
  INSERT INTO messages_fts (rowid, content) VALUES (new.rowid, substr(new.content, 1, ${SEARCH_INDEXED_CHARS}));
END;
INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
`;
