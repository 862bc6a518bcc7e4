import { createHash } from 'node:crypto';
import type { Conversation } from '../../../../src-shared/chat/conversation';
import type { StoredSet } from '../../../../src-shared/judge/question-set';
import type { Profile } from '../../../../src-shared/profiles/profile';
import { buildVideoRequest, defaultVideoForm } from '../../../../src-shared/video/video-request';
import type { VideoTask } from '../../../../src-shared/video/video-task';

/**
 * The writes of the crash-durability test (docs/architecture.md, "Testing"): every record is a
 * pure function of its id and version, so the test can tell what any surviving row must hold.
 */

/** One line the writer prints after a write has committed (or the settings file was renamed in). */
export interface Ack {
  kind: 'conversation' | 'set-revision' | 'video-task' | 'settings-json' | 'settings-conf';
  id: string;
  /** Messages saved, revision number, poll number, or settings save number. */
  version: number;
  /** sha256 of what that write stored (see the hash of each kind below). */
  hash: string;
}

export const MESSAGES_PER_CONVERSATION = 40;
export const REVISIONS_PER_SET = 25;
export const VIDEO_TASK_IDS = ['video-a', 'video-b', 'video-c'];
export const SETTINGS_KEY = 'profiles';

export const contentHash = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Replies grow with their position, as long chats do: from a few bytes to about 4 KB. */
function messageText(conversationId: string, position: number): string {
  const line = `${conversationId} message ${position}: the quick brown fox. `;
  return line.repeat(1 + Math.floor((position * position) / 16));
}

export function conversationAt(id: string, messageCount: number): Conversation {
  return {
    id,
    title: `Crash test ${id}`,
    createdAt: 1,
    updatedAt: 1 + messageCount,
    model: 'sandbox-chat',
    system: '',
    params: { temperature: 0.5 },
    messages: Array.from({ length: messageCount }, (_, i) => ({
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      content: messageText(id, i),
      ...(i % 2 ? { stats: { totalMs: i } } : {}),
    })),
  };
}

export const messagesHash = (c: Pick<Conversation, 'messages'>, count: number) =>
  contentHash(c.messages.slice(0, count));

function questionsOf(setId: string, revision: number) {
  return Array.from({ length: 1 + (revision % 5) }, (_, i) => ({
    name: `q${i}`,
    type: 'noul' as const,
    instructions: `${setId} revision ${revision} question ${i}`,
    options: [],
    levels: [],
  }));
}

/** A set as its editor saves it: every revision so far, the repository adds the new one. */
export function setAt(id: string, revisions: number): StoredSet {
  return {
    id,
    name: `Crash test ${id}`,
    createdAt: 1,
    updatedAt: 1 + revisions,
    revisions: Array.from({ length: revisions }, (_, i) => ({
      revision: i + 1,
      savedAt: 2 + i,
      questions: questionsOf(id, i + 1),
    })),
  };
}

/** A running task as the poller rewrites it after check number `poll`. */
export function videoTaskAt(id: string, poll: number): VideoTask {
  const form = { ...defaultVideoForm(), prompt: `crash test ${id}` };
  return {
    id,
    taskId: `remote-${id}`,
    profileId: 'sandbox',
    form,
    request: buildVideoRequest(form),
    createdAt: 1,
    updatedAt: 1 + poll,
    state: 'running',
    progress: poll % 100,
    pollAttempt: poll,
    // Far ahead: the app started on this folder between rounds must not check these tasks.
    nextCheckAt: Date.now() + 3_600_000,
  };
}

/** What the video hash covers: what a poll writes, not the next-check time (a clock reading). */
export const videoHash = (t: VideoTask) =>
  contentHash([t.id, t.updatedAt, t.state, t.progress, t.pollAttempt]);

/** Settings save number `save`: a few profiles, as the Settings page writes them. */
export function profilesAt(save: number): Profile[] {
  return Array.from({ length: 1 + (save % 4) }, (_, i) => ({
    id: `p${i}`,
    name: `Profile ${i} save ${save}`,
    kind: 'openai-compatible' as const,
    host: `https://gateway-${i}.example`,
    judgeSegment: 'partner',
  }));
}

/** The save number is the first profile's name's last word. */
export const saveNumberOf = (profiles: Profile[]) => Number(profiles[0]?.name.split(' ').pop());
