import { randomUUID } from 'node:crypto';
import type { GatewayClient } from '../gateway/gateway-client';
import { GatewayError } from '../gateway/gateway-error';
import { createVideoTask, getVideoTask } from '../gateway/video-api';
import { cancelTask } from './video-cancel';
import { runDownload, videoFile } from './video-download';
import type { DesktopActions } from '../media/desktop-actions';
import type { MediaLibrary, MediaUrlFor } from '../media/media-library';
import type { ProfileService } from '../profiles/profile-service';
import { AppFailure } from '../../../src-shared/result';
import type { VideoTaskRepository } from '../db/record-repositories';
import { type BackoffOptions, type PollerClock, systemClock, VideoPoller } from './video-poller';
import { buildVideoRequest, type VideoForm } from '../../../src-shared/video/video-request';
import { hasVideoSource, isTerminal } from '../../../src-shared/video/video-status';
import { type VideoTask, type VideoTaskView, videoFormSchema } from '../../../src-shared/video/video-task';
import { slimTask } from './video-view';
import type { VideoEvents } from '../../../src-shared/video/video-events';

export type VideoEmit = <K extends keyof VideoEvents>(name: K, payload: VideoEvents[K]) => void;

export interface VideoServiceDeps {
  client: GatewayClient;
  profiles: Pick<ProfileService, 'activeId' | 'target'>;
  tasks: VideoTaskRepository;
  media: MediaLibrary;
  desktop: DesktopActions;
  mediaUrl: MediaUrlFor;
  emit: VideoEmit;
  clock?: PollerClock;
  backoff?: Partial<BackoffOptions>;
  /** Waits between the tries of one download (its length + 1 = the number of tries). */
  downloadRetryDelaysMs?: number[];
  /** Largest video accepted, in bytes (default 512 MB). */
  maxVideoBytes?: number;
}

export const NO_TASK_ID_MESSAGE =
  'The gateway accepted the request but its reply carries no task id, so the task cannot be tracked. See the raw reply.';
export const CREATE_MAY_EXIST_MESSAGE =
  'The gateway did not confirm the video request in time. The task may already exist on the gateway: check the task list and the gateway console before creating it again.';

/** One sentence for a desktop notification (main-side, English). */
export function notificationText(task: VideoTask): { title: string; body: string } {
  const what = task.form.prompt.length > 60 ? `${task.form.prompt.slice(0, 57)}…` : task.form.prompt;
  const reason = task.error ? `: ${task.error.replace(/[.\s]+$/, '')}` : '';
  switch (task.state) {
    case 'succeeded':
      return { title: 'Video ready', body: `Your video “${what}” is ready.` };
    case 'failed':
      return { title: 'Video failed', body: `Your video “${what}” failed${reason}.` };
    case 'cancelled':
      return { title: 'Video cancelled', body: `Your video “${what}” was cancelled${reason}.` };
    default:
      return {
        title: 'Video expired',
        body: `Your video “${what}” is no longer on the gateway (record expired).`,
      };
  }
}

/**
 * Video tasks: created once, saved at once, tracked by the poller until they end,
 * and their result downloaded into the media folder before the gateway's link expires.
 */
export class VideoService {
  readonly poller: VideoPoller;
  private readonly clock: PollerClock;
  private readonly downloading = new Map<string, Promise<void>>();
  private started = false;
  private disposed = false;

  constructor(private readonly deps: VideoServiceDeps) {
    this.clock = deps.clock ?? systemClock;
    this.poller = new VideoPoller({
      tasks: deps.tasks,
      clock: deps.clock,
      backoff: deps.backoff,
      // The poller is the retry schedule (backoff, Retry-After): one GET per check, no client retries.
      check: async (task) =>
        getVideoTask(deps.client, await deps.profiles.target(task.profileId), task.taskId, { retries: 0 }),
      onChange: (task, previous) => this.changed(task, previous),
    });
  }

  /**
   * Resumes unfinished tasks, and the downloads of succeeded tasks that have no playable file
   * (after a restart, also after an earlier failed download). Safe to call twice; nothing
   * after dispose().
   */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    this.poller.start();
    for (const task of this.deps.tasks.list()) {
      if (task.state === 'succeeded' && hasVideoSource(task) && !this.hasFile(task))
        this.downloadInBackground(task.id);
    }
  }

  /** Final: stops polling; later calls start nothing. */
  dispose(): void {
    this.disposed = true;
    this.poller.dispose();
  }

  private hasFile(task: VideoTask): boolean {
    return task.localFile !== undefined && this.deps.media.exists(task.localFile);
  }

  view(task: VideoTask): VideoTaskView {
    const slim = slimTask(task);
    const terminal = isTerminal(task.state);
    const downloading = this.downloading.has(task.id);
    const posterUrl =
      task.posterFile && this.deps.media.exists(task.posterFile)
        ? this.deps.mediaUrl(task.posterFile)
        : undefined;
    return this.hasFile(task)
      ? { ...slim, terminal, downloading, posterUrl, videoUrl: this.deps.mediaUrl(task.localFile!) }
      : { ...slim, terminal, downloading, posterUrl, localFile: undefined };
  }

  list(): VideoTaskView[] {
    this.start();
    return this.deps.tasks.list().map((t) => this.view(t));
  }

  get(id: string): VideoTask {
    const task = this.deps.tasks.get(id);
    if (!task)
      throw new AppFailure({ code: 'not_found', message: 'That video task is no longer in the list.' });
    return task;
  }

  /** The full form of a task (picked images included), for a re-run. */
  form(id: string): VideoForm {
    return this.get(id).form;
  }

  /** Sends the create request exactly once, then saves the task before anything else can fail. */
  async create(input: unknown): Promise<VideoTaskView> {
    this.start();
    const form = videoFormSchema.parse(input);
    const profileId = this.deps.profiles.activeId();
    const target = await this.deps.profiles.target(profileId);
    const request = buildVideoRequest(form);
    let reply: Awaited<ReturnType<typeof createVideoTask>>;
    try {
      reply = await createVideoTask(this.deps.client, target, request);
    } catch (err) {
      // The request went out but no answer came back: the gateway may have started (and billed) it.
      const maybeSent =
        err instanceof GatewayError &&
        (err.code === 'timeout' || (err.code === 'network' && err.status !== undefined));
      if (!maybeSent) throw err;
      throw new AppFailure({
        code: err.code,
        message: CREATE_MAY_EXIST_MESSAGE,
        details: { createMayExist: true, gatewayMessage: err.gatewayMessage },
      });
    }
    const now = this.now();
    const state = reply.parsed.state === 'unknown' && !reply.parsed.status ? 'queued' : reply.parsed.state;
    const task: VideoTask = {
      id: randomUUID().replace(/-/g, '').slice(0, 20),
      taskId: reply.taskId ?? '',
      profileId,
      form,
      request,
      createdAt: now,
      updatedAt: now,
      state,
      rawStatus: reply.parsed.status,
      progress: reply.parsed.progress,
      remoteUrl: reply.parsed.videoUrl,
      queuePosition: reply.parsed.queuePosition,
      lastBody: reply.raw,
      lastCheckedAt: now,
    };
    if (!reply.taskId) {
      // Nothing to poll, but the record (and the raw reply) is kept so the user can see it.
      Object.assign(task, { state: 'failed', error: NO_TASK_ID_MESSAGE, finishedAt: now });
      this.deps.tasks.put(task);
    } else {
      this.deps.tasks.put(task);
      if (isTerminal(task.state)) this.changed(task, task);
      else this.poller.track(task.id);
    }
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
    if (task.posterFile) this.deps.media.remove(task.posterFile);
    this.deps.tasks.delete(id);
    this.deps.emit('video.removed', { id });
  }

  async saveAs(id: string): Promise<{ path: string | null }> {
    const task = this.get(id);
    if (!this.hasFile(task)) {
      throw new AppFailure({ code: 'not_found', message: 'The video has not been downloaded yet.' });
    }
    const path = await this.deps.desktop.saveFileAs(
      this.deps.media.resolve(task.localFile!),
      `video-${task.taskId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || task.id}.mp4`,
    );
    return { path };
  }

  checkNow(id: string): VideoTaskView {
    const task = this.get(id);
    if (task.stoppedCheckingAt) this.poller.resume(id);
    else if (!isTerminal(task.state)) this.poller.checkNow(id);
    return this.view(this.deps.tasks.get(id) ?? task);
  }

  /** Checks again a task that stopped after the total wait. */
  resume(id: string): VideoTaskView {
    this.get(id);
    this.poller.resume(id);
    return this.view(this.get(id));
  }

  /** Asks the gateway to cancel (see video-cancel.ts); a refusal is thrown with its words. */
  async cancel(id: string): Promise<VideoTaskView> {
    const task = this.get(id);
    if (isTerminal(task.state)) return this.view(task);
    const target = await this.deps.profiles.target(task.profileId);
    const next = await cancelTask(this.deps.client, target, task, this.deps.tasks, this.now());
    if (isTerminal(next.state)) this.poller.forget(id);
    this.deps.tasks.put(next);
    this.changed(next, task);
    if (!isTerminal(next.state)) this.poller.checkNow(id);
    return this.view(next);
  }

  /**
   * Downloads the result into the media folder, with a few tries; also the user's "Retry
   * download". Resolves when done (or failed, recorded on the task). One download per task.
   */
  async download(id: string): Promise<VideoTaskView> {
    const task = this.get(id);
    if (!hasVideoSource(task)) {
      throw new AppFailure({
        code: 'not_found',
        message: 'The gateway has not given a video address for this task.',
      });
    }
    let running = this.downloading.get(id);
    if (!running) {
      running = runDownload({ ...this.deps, clock: this.clock, disposed: () => this.disposed }, id).finally(
        () => {
          this.downloading.delete(id);
          this.emitLatest(id); // after the delete, so the window sees the download end
        },
      );
      this.downloading.set(id, running);
      this.emitLatest(id); // the window shows "Downloading…" only while this runs
    }
    await running;
    const latest = this.deps.tasks.get(id);
    return this.view(latest ?? task);
  }

  private emitLatest(id: string): void {
    const latest = this.deps.tasks.get(id);
    if (latest) this.deps.emit('video.updated', this.view(latest));
  }

  private now(): number {
    return this.clock.now();
  }

  private changed(task: VideoTask, previous: VideoTask): void {
    this.deps.emit('video.updated', this.view(task));
    const justEnded = isTerminal(task.state) && (!isTerminal(previous.state) || previous === task);
    if (!justEnded) return;
    const note = notificationText(task);
    this.deps.desktop.notify(note.title, note.body);
    if (task.state === 'succeeded' && hasVideoSource(task) && !this.hasFile(task))
      this.downloadInBackground(task.id);
  }

  /** Failures are recorded on the task; a task removed meanwhile is simply skipped. */
  private downloadInBackground(id: string): void {
    this.download(id).catch(() => undefined);
  }
}
