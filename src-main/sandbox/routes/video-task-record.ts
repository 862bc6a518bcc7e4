import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxState } from '../state';

/**
 * A Sandbox video task. Its id carries (and signs) everything needed to rebuild it: creation
 * time, pace, model and whether it is meant to fail. A real gateway keeps its tasks across an
 * app restart; the in-app Sandbox restarts with the app, and this lets its tasks survive too.
 */
export interface SandboxVideoTask {
  id: string;
  model: string;
  createdAt: number;
  paceMs: number;
  fails: boolean;
}

const SECRET = 'gatehouse-sandbox-video-tasks';
const STORE_KEY = 'video-tasks';
/** Model ids by position, so an id names its model in one character. */
const MODELS = ['vidmodel-2-0-260128', 'vidmodel-2-0-fast-260128'];

const sign = (payload: string) => createHmac('sha256', SECRET).update(payload).digest('hex').slice(0, 12);

export function taskStore(state: SandboxState): Map<string, SandboxVideoTask> {
  let map = state.store.get(STORE_KEY) as Map<string, SandboxVideoTask> | undefined;
  if (!map) {
    map = new Map();
    state.store.set(STORE_KEY, map);
  }
  return map;
}

export function newTask(model: string, createdAt: number, paceMs: number, fails: boolean): SandboxVideoTask {
  const payload = [
    createdAt.toString(36),
    Math.max(0, Math.round(paceMs)).toString(36),
    fails ? '1' : '0',
    String(Math.max(0, MODELS.indexOf(model))),
    randomBytes(4).toString('hex'),
  ].join('_');
  return { id: `task-${payload}_${sign(payload)}`, model, createdAt, paceMs, fails };
}

/** The task with this id: from this server's memory, else rebuilt from a genuine id; else undefined. */
export function findTask(state: SandboxState, id: string): SandboxVideoTask | undefined {
  const known = taskStore(state).get(id);
  if (known) return known;
  const m = /^task-([0-9a-z]+)_([0-9a-z]+)_([01])_(\d)_([0-9a-f]{8})_([0-9a-f]{12})$/.exec(id);
  if (!m) return undefined;
  const payload = [m[1], m[2], m[3], m[4], m[5]].join('_');
  if (sign(payload) !== m[6]) return undefined;
  const task: SandboxVideoTask = {
    id,
    createdAt: parseInt(m[1], 36),
    paceMs: parseInt(m[2], 36),
    fails: m[3] === '1',
    model: MODELS[Number(m[4])] ?? MODELS[0],
  };
  taskStore(state).set(id, task);
  return task;
}

export interface TaskPhase {
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  progress?: number;
  updatedAt: number;
}

/** queued for one pace, running for one pace (progress 0-100), then succeeded or failed. */
export function phaseAt(task: SandboxVideoTask, now: number): TaskPhase {
  const elapsed = Math.max(0, now - task.createdAt);
  const pace = task.paceMs;
  if (elapsed < pace) return { status: 'queued', updatedAt: task.createdAt };
  if (elapsed < 2 * pace) {
    return {
      status: 'running',
      progress: Math.min(99, Math.floor(((elapsed - pace) / pace) * 100)),
      updatedAt: now,
    };
  }
  return { status: task.fails ? 'failed' : 'succeeded', progress: 100, updatedAt: task.createdAt + 2 * pace };
}

export const FAIL_MESSAGE = 'The Sandbox was asked to fail this task (the prompt contains the word "fail").';

export function videoFilePath(id: string): string {
  return `/v1/files/videos/${encodeURIComponent(id)}.mp4`;
}

/** The status body of GET /v1/video/generations/{id}. */
export function statusBody(task: SandboxVideoTask, now: number, origin: string) {
  const phase = phaseAt(task, now);
  return {
    id: task.id,
    task_id: task.id,
    object: 'video.generation',
    model: task.model,
    status: phase.status,
    ...(phase.progress !== undefined ? { progress: phase.progress } : {}),
    ...(phase.status === 'succeeded' ? { content: { video_url: `${origin}${videoFilePath(task.id)}` } } : {}),
    ...(phase.status === 'failed' ? { error: { message: FAIL_MESSAGE, code: 'generation_failed' } } : {}),
    created_at: Math.floor(task.createdAt / 1000),
    updated_at: Math.floor(phase.updatedAt / 1000),
  };
}
