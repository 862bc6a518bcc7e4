import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import { JsonKeyValueStore } from '../../storage/key-value-store';
import { StorageNotices } from '../../storage/storage-notices';
import { openDataFolder } from '../open-data-folder';
import { createRepositories } from '../repositories';
import { confOptions, CONF_FOLDER } from './settings-files';
import {
  type Ack,
  contentHash,
  messagesHash,
  profilesAt,
  saveNumberOf,
  SETTINGS_KEY,
  videoHash,
  videoTaskAt,
} from './workload';
import type { Profile } from '../../../../src-shared/profiles/profile';

export interface FolderReport {
  integrity: string;
  /** Files the start set aside as unreadable: must stay empty. */
  notices: number;
  /** One line per acknowledged write that is not there as acknowledged. */
  problems: string[];
  checked: number;
}

/**
 * Opens a killed writer's data folder the way the app starts (lock, quick check, migrations,
 * temp-file sweep), runs `PRAGMA integrity_check`, and checks each acknowledgement. A record the
 * writer overwrites (a video task, the settings) may be one write past its last acknowledgement
 * (committed, killed before the line went out), never behind it.
 */
export function verifyFolder(dataDir: string, acks: readonly Ack[]): FolderReport {
  const notices = new StorageNotices();
  const db = openDataFolder(dataDir, notices);
  const problems: string[] = [];
  let integrity: string;
  try {
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    integrity = rows.map((r) => r.integrity_check).join('; ');
    const repos = createRepositories({ db, notices });
    const settings = readSettings(dataDir, notices);
    const latest = new Map<string, Ack>();
    for (const a of acks) {
      const key = `${a.kind}:${a.id}`;
      if ((latest.get(key)?.version ?? -1) < a.version) latest.set(key, a);
    }
    for (const a of acks) {
      const problem = checkAck(a, latest, repos, settings);
      if (problem) problems.push(`${a.kind} ${a.id} v${a.version}: ${problem}`);
    }
  } finally {
    db.close();
  }
  return { integrity, notices: notices.list().length, problems, checked: acks.length };
}

function readSettings(dataDir: string, notices: StorageNotices) {
  // Parsing the raw bytes is the point: an interrupted write must never leave half a file.
  const raw = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const jsonPath = join(dataDir, 'settings.json');
  const confDir = join(dataDir, CONF_FOLDER);
  const files = {
    'settings-json': raw(jsonPath)[SETTINGS_KEY],
    'settings-conf': raw(join(confDir, 'settings.json'))[SETTINGS_KEY],
  };
  // And both stores open it as the app would, without setting anything aside.
  new JsonKeyValueStore(jsonPath, notices);
  new Conf<Record<string, unknown>>(confOptions(confDir));
  return files;
}

type Repos = ReturnType<typeof createRepositories>;

function checkAck(
  a: Ack,
  latest: Map<string, Ack>,
  repos: Repos,
  settings: ReturnType<typeof readSettings>,
): string | undefined {
  switch (a.kind) {
    case 'conversation': {
      const c = repos.conversations.get(a.id);
      if (!c || c.messages.length < a.version) return `has ${c?.messages.length ?? 'no'} messages`;
      return messagesHash(c, a.version) === a.hash ? undefined : 'messages differ';
    }
    case 'set-revision': {
      const r = repos.sets.get(a.id)?.revisions.find((x) => x.revision === a.version);
      if (!r) return 'revision missing';
      return contentHash(r.questions) === a.hash ? undefined : 'questions differ';
    }
    case 'video-task': {
      const t = repos.videoTasks.get(a.id);
      const poll = t?.pollAttempt ?? -1;
      if (!t) return 'task missing';
      return overwritten(a, latest, poll, videoHash(t), videoHash(videoTaskAt(a.id, poll)));
    }
    case 'settings-json':
    case 'settings-conf': {
      const profiles = settings[a.kind] as Profile[] | undefined;
      if (!Array.isArray(profiles)) return 'no profiles';
      const save = saveNumberOf(profiles);
      return overwritten(a, latest, save, contentHash(profiles), contentHash(profilesAt(save)));
    }
  }
}

/** An overwritten record: at or one past the last acknowledgement, and exactly what that write held. */
function overwritten(a: Ack, latest: Map<string, Ack>, stored: number, hash: string, expected: string) {
  if (stored < a.version) return `stored version ${stored} is behind`;
  if (hash !== expected) return `version ${stored} holds other content`;
  const last = latest.get(`${a.kind}:${a.id}`);
  if (last === a && stored > a.version + 1) return `stored version ${stored} was never written`;
  if (stored === a.version && hash !== a.hash) return 'content differs from the acknowledgement';
  return undefined;
}
