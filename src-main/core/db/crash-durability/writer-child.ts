/**
 * The process the crash-durability test kills (crash-durability.test.ts; docs/architecture.md,
 * "Testing"). It opens the data folder the way the app does, then writes until killed:
 * conversations with growing messages, question-set revisions, video-task polls, and the
 * settings file through both stores the app uses. After each write has committed (the database)
 * or been renamed into place (the settings files) it prints one acknowledgement line.
 *
 * Usage: node --import tsx writer-child.ts <dataDir>
 */
import { writeSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import { JsonKeyValueStore } from '../../storage/key-value-store';
import { StorageNotices } from '../../storage/storage-notices';
import { openDataFolder } from '../open-data-folder';
import { createRepositories } from '../repositories';
import {
  type Ack,
  contentHash,
  conversationAt,
  MESSAGES_PER_CONVERSATION,
  messagesHash,
  profilesAt,
  REVISIONS_PER_SET,
  saveNumberOf,
  SETTINGS_KEY,
  setAt,
  VIDEO_TASK_IDS,
  videoHash,
  videoTaskAt,
} from './workload';
import { confOptions, CONF_FOLDER } from './settings-files';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: writer-child.ts <dataDir>');

const notices = new StorageNotices();
const db = openDataFolder(dataDir, notices);
const repos = createRepositories({ db, notices });
const jsonSettings = new JsonKeyValueStore(join(dataDir, 'settings.json'), notices);
// electron-store 12 is a thin layer over conf: the Electron app's settings are written by this.
const confSettings = new Conf<Record<string, unknown>>(confOptions(join(dataDir, CONF_FOLDER)));

/** Synchronous, one line per write: a line that is out has been fully written to the pipe. */
const ack = (a: Ack) => writeSync(1, `${JSON.stringify(a)}\n`);

// Carry on from what the folder holds, as the app would after a restart.
const count = (prefix: string, ids: string[]) => ids.filter((id) => id.startsWith(prefix)).length;
let chatNo = Math.max(
  0,
  count(
    'chat-',
    repos.conversations.summaries().map((s) => s.id),
  ) - 1,
);
let setNo = Math.max(
  0,
  count(
    'set-',
    repos.sets.summaries().map((s) => s.id),
  ) - 1,
);
const polls = new Map(VIDEO_TASK_IDS.map((id) => [id, repos.videoTasks.get(id)?.pollAttempt ?? 0]));
const saveOf = (value: unknown) => (Array.isArray(value) ? saveNumberOf(value) || 0 : 0);
let jsonSave = saveOf(jsonSettings.get(SETTINGS_KEY));
let confSave = saveOf(confSettings.get(SETTINGS_KEY));

function saveConversation() {
  let id = `chat-${chatNo}`;
  let length = repos.conversations.get(id)?.messages.length ?? 0;
  if (length >= MESSAGES_PER_CONVERSATION) {
    id = `chat-${++chatNo}`;
    length = 0;
  }
  const saved = repos.conversations.put(conversationAt(id, length + 1));
  ack({ kind: 'conversation', id, version: length + 1, hash: messagesHash(saved, length + 1) });
}

function saveSetRevision() {
  let id = `set-${setNo}`;
  let revisions = repos.sets.get(id)?.revisions.length ?? 0;
  if (revisions >= REVISIONS_PER_SET) {
    id = `set-${++setNo}`;
    revisions = 0;
  }
  const set = setAt(id, revisions + 1);
  repos.sets.put(set);
  ack({
    kind: 'set-revision',
    id,
    version: revisions + 1,
    hash: contentHash(set.revisions.at(-1)?.questions),
  });
}

let videoTurn = 0;
function pollVideo() {
  const id = VIDEO_TASK_IDS[videoTurn++ % VIDEO_TASK_IDS.length];
  const poll = (polls.get(id) ?? 0) + 1;
  const task = videoTaskAt(id, poll);
  repos.videoTasks.put(task);
  polls.set(id, poll);
  ack({ kind: 'video-task', id, version: poll, hash: videoHash(task) });
}

function saveJsonSettings() {
  const profiles = profilesAt(++jsonSave);
  jsonSettings.set(SETTINGS_KEY, profiles);
  ack({ kind: 'settings-json', id: 'settings.json', version: jsonSave, hash: contentHash(profiles) });
}

function saveConfSettings() {
  const profiles = profilesAt(++confSave);
  confSettings.set(SETTINGS_KEY, profiles);
  ack({ kind: 'settings-conf', id: 'settings-conf', version: confSave, hash: contentHash(profiles) });
}

const steps = [
  saveConversation,
  pollVideo,
  saveSetRevision,
  saveConversation,
  pollVideo,
  saveJsonSettings,
  saveConfSettings,
];
writeSync(1, 'ready\n');
for (let step = 0; ; step++) steps[step % steps.length]();
