import { randomUUID } from 'node:crypto';
import type { GatewayClient } from '../gateway/gateway-client';
import { GatewayError } from '../gateway/gateway-error';
import { createVideoTask, downloadVideo, getVideoTask } from '../gateway/video-api';
import type { DesktopActions } from '../media/desktop-actions';
import type { MediaLibrary, MediaUrlFor } from '../media/media-library';
import type { ProfileService } from '../profiles/profile-service';
import { AppFailure } from '../result';
import type { JsonCollection } from '../storage/json-collection';
import { type BackoffOptions, type PollerClock, VideoPoller } from './video-poller';
import { buildVideoRequest } from './video-request';
import { isTerminal } from './video-status';
import { type VideoTask, type VideoTaskView, videoFormSchema } from './video-task';

export interface VideoEvents {
  'video.updated': VideoTaskView;
  'video.removed': { id: string };
}
export type VideoEmit = <K extends keyof VideoEvents>(name: K, payload: VideoEvents[K]) => void;

export interface VideoServiceDeps {
  client: GatewayClient;
  profiles: Pick<ProfileService, 'activeId' | 'target'>;
  tasks: JsonCollection<VideoTask>;
  media: MediaLibrary;
  desktop: DesktopActions;
  mediaUrl: MediaUrlFor;
  emit: VideoEmit;
  clock?: PollerClock;
  backoff?: Partial<BackoffOptions>;
}

const videoFile = (id: string) => `videos/${id}.mp4`;

/**
 * Video tasks (design §1): created once, saved at once, tracked by the poller until they end,
 * and their result downloaded into the media folder before the gateway's link expires.
 */
export class VideoService {
  readonly poller: VideoPoller;
  private readonly downloading = new Set<string>();
  private started = false;

  constructor(private readonly deps: VideoServiceDeps) {
    this.poller = new VideoPoller({
      tasks: deps.tasks,
      clock: deps.clock,
      backoff: deps.backoff,
      check: async (task) =>
        getVideoTask(deps.client, await deps.profiles.target(task.profileId), task.taskId),
      onChange: (task, previous) => this.changed(task, previous),
    });
  }

  private now(): number {
    return (this.deps.clock?.now ?? Date.now)();
  }

  /** Resumes unfinished tasks and unfinished downloads (after a restart). Safe to call twice. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.poller.start();
    for (const task of this.deps.tasks.list()) {
      if (task.state === 'succeeded' && task.remoteUrl && !task.localFile && !task.downloadError) {
        void this.download(task.id);
      }
    }
  }

  dispose(): void {
    this.started = false;
    this.poller.dispose();
  }

  view(task: VideoTask): VideoTaskView {
    const present = task.localFile && this.deps.media.exists(task.localFile);
    const terminal = isTerminal(task.state);
    return present
      ? { ...task, terminal, videoUrl: this.deps.mediaUrl(task.localFile!) }
      : { ...task, terminal, localFile: undefined };
  }

  list(): VideoTaskView[] {
    this.start();
    return this.deps.tasks
      .list()
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((t) => this.view(t));
  }

  get(id: string): VideoTask {
    const task = this.deps.tasks.get(id);
    if (!task)
      throw new AppFailure({ code: 'not_found', message: 'That video task is no longer in the list.' });
    return task;
  }

  /** Sends the create request exactly once, then saves the task before anything else can fail. */
  async create(input: unknown): Promise<VideoTaskView> {
    this.start();
    const form = videoFormSchema.parse(input);
    const profileId = this.deps.profiles.activeId();
    const target = await this.deps.profiles.target(profileId);
    const request = buildVideoRequest(form);
    const reply = await createVideoTask(this.deps.client, target, request);
    const now = this.now();
    const state = reply.parsed.state === 'unknown' && !reply.parsed.status ? 'queued' : reply.parsed.state;
    const task: VideoTask = {
      id: randomUUID().replace(/-/g, '').slice(0, 20),
      taskId: reply.taskId,
      profileId,
      form,
      request,
      createdAt: now,
      updatedAt: now,
      state,
      rawStatus: reply.parsed.status,
      progress: reply.parsed.progress,
      remoteUrl: reply.parsed.videoUrl,
      lastBody: reply.raw,
      lastCheckedAt: now,
    };
    this.deps.tasks.put(task);
    if (isTerminal(task.state)) this.changed(task, task);
    else this.poller.track(task.id);
    const saved = this.deps.tasks.get(task.id) ?? task;
    this.deps.emit('video.updated', this.view(saved));
    return this.view(saved);
  }

  /** Stops tracking, deletes the downloaded file and the record. */
  remove(id: string): void {
    const task = this.get(id);
    this.poller.forget(id);
    if (task.localFile) this.deps.media.remove(task.localFile);
    this.deps.media.remove(videoFile(id));
    this.deps.tasks.delete(id);
    this.deps.emit('video.removed', { id });
  }

  async saveAs(id: string): Promise<{ path: string | null }> {
    const task = this.get(id);
    if (!task.localFile || !this.deps.media.exists(task.localFile)) {
      throw new AppFailure({ code: 'not_found', message: 'The video has not been downloaded yet.' });
    }
    const path = await this.deps.desktop.saveFileAs(
      this.deps.media.resolve(task.localFile),
      `video-${task.taskId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || task.id}.mp4`,
    );
    return { path };
  }

  checkNow(id: string): VideoTaskView {
    const task = this.get(id);
    if (!isTerminal(task.state)) this.poller.checkNow(id);
    return this.view(task);
  }

  /** Downloads the result into the media folder; also the user's "retry download". */
  async download(id: string): Promise<VideoTaskView> {
    const task = this.get(id);
    if (!task.remoteUrl) {
      throw new AppFailure({
        code: 'not_found',
        message: 'The gateway has not given a video address for this task.',
      });
    }
    if (this.downloading.has(id)) return this.view(task);
    this.downloading.add(id);
    let next: VideoTask;
    try {
      const target = await this.deps.profiles.target(task.profileId);
      const { bytes } = await downloadVideo(this.deps.client, target, task.remoteUrl);
      const rel = this.deps.media.write(videoFile(id), bytes);
      next = {
        ...(this.deps.tasks.get(id) ?? task),
        localFile: rel,
        downloadError: undefined,
        updatedAt: this.now(),
      };
    } catch (err) {
      const message = err instanceof GatewayError || err instanceof Error ? err.message : String(err);
      next = { ...(this.deps.tasks.get(id) ?? task), downloadError: message, updatedAt: this.now() };
    } finally {
      this.downloading.delete(id);
    }
    if (!this.deps.tasks.get(id)) return this.view(next); // removed meanwhile
    this.deps.tasks.put(next);
    this.deps.emit('video.updated', this.view(next));
    return this.view(next);
  }

  private changed(task: VideoTask, previous: VideoTask): void {
    this.deps.emit('video.updated', this.view(task));
    const justEnded = isTerminal(task.state) && (!isTerminal(previous.state) || previous === task);
    if (!justEnded) return;
    const what = task.form.prompt.length > 60 ? `${task.form.prompt.slice(0, 57)}…` : task.form.prompt;
    if (task.state === 'succeeded') {
      this.deps.desktop.notify('Video ready', what);
      if (task.remoteUrl && !task.localFile) void this.download(task.id);
    } else {
      this.deps.desktop.notify(`Video ${task.state}`, task.error ? `${what} — ${task.error}` : what);
    }
  }
}
