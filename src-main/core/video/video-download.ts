import type { GatewayClient } from '../gateway/gateway-client';
import { GatewayError } from '../gateway/gateway-error';
import { apiUrl, type GatewayTarget } from '../gateway/gateway-urls';
import { downloadPoster, downloadVideo, getVideoTask } from '../gateway/video-api';
import type { MediaLibrary } from '../media/media-library';
import type { ProfileService } from '../profiles/profile-service';
import type { VideoTaskRepository } from '../db/record-repositories';
import type { PollerClock } from './video-poller';
import { hasVideoSource } from '../../../src-shared/video/video-status';
import type { VideoTask } from '../../../src-shared/video/video-task';

/** What one download of a task's result needs from the video service. */
export interface DownloadDeps {
  client: GatewayClient;
  profiles: Pick<ProfileService, 'target'>;
  tasks: VideoTaskRepository;
  media: MediaLibrary;
  clock: PollerClock;
  /** Waits between the tries of one download (its length + 1 = the number of tries). */
  downloadRetryDelaysMs?: number[];
  maxVideoBytes?: number;
  /** True once the service is disposed: no further try starts. */
  disposed(): boolean;
}

export const videoFile = (id: string) => `videos/${id}.mp4`;
const DEFAULT_DOWNLOAD_DELAYS = [2000, 8000];

/** Errors worth another try of the same download; anything else will not change by waiting. */
function retryableDownload(err: unknown): boolean {
  return (
    err instanceof GatewayError &&
    (err.code === 'network' ||
      err.code === 'timeout' ||
      err.code === 'rate_limited' ||
      (err.status ?? 0) >= 500)
  );
}

/**
 * Where a finished task's video is fetched from: the address the gateway gave, or (OpenAI's
 * videos API) its content path under the profile's base URL as it is now, its query included.
 */
function videoSource(task: VideoTask, target: GatewayTarget): string | undefined {
  if (task.remoteUrl) return task.remoteUrl;
  return task.contentPath ? apiUrl(target, task.contentPath) : undefined;
}

/**
 * Downloads the result into the media folder with a few tries, and records the outcome on the
 * task (the file, or the reason it failed). A 403/404 asks the gateway once for a fresh link.
 */
export async function runDownload(deps: DownloadDeps, id: string): Promise<void> {
  const delays = deps.downloadRetryDelaysMs ?? DEFAULT_DOWNLOAD_DELAYS;
  const rel = videoFile(id);
  let refreshed = false;
  let failure: unknown;
  for (let attempt = 0; ; attempt++) {
    const task = deps.tasks.get(id);
    if (!task || !hasVideoSource(task) || deps.disposed()) return;
    try {
      const target = await deps.profiles.target(task.profileId);
      await downloadVideo(deps.client, target, videoSource(task, target)!, deps.media.resolve(rel), {
        retries: 0,
        maxBytes: deps.maxVideoBytes,
      });
      failure = undefined;
      break;
    } catch (err) {
      failure = err;
      if (err instanceof GatewayError && (err.status === 403 || err.status === 404) && !refreshed) {
        // Signed links expire: ask the gateway once for the task again, for a fresh address.
        refreshed = true;
        if (await refreshRemoteUrl(deps, id)) continue;
      }
      if (!retryableDownload(err) || attempt >= delays.length) break;
      await new Promise<void>((r) => deps.clock.setTimeout(r, delays[attempt]));
    }
  }
  const latest = deps.tasks.get(id);
  if (!latest) {
    // Removed while downloading: the file must not outlive its task.
    deps.media.remove(rel);
    return;
  }
  const next: VideoTask =
    failure === undefined
      ? {
          ...latest,
          localFile: rel,
          posterFile: await fetchPoster(deps, latest),
          downloadError: undefined,
          updatedAt: deps.clock.now(),
        }
      : {
          ...latest,
          downloadError: failure instanceof Error ? failure.message : String(failure),
          updatedAt: deps.clock.now(),
        };
  deps.tasks.put(next);
}

/** Upstream's last frame, kept beside the video as its poster (the window loads local files only). */
async function fetchPoster(deps: DownloadDeps, task: VideoTask): Promise<string | undefined> {
  if (!task.lastFrameUrl) return task.posterFile;
  const rel = `videos/${task.id}-last-frame`;
  try {
    const target = await deps.profiles.target(task.profileId);
    await downloadPoster(deps.client, target, task.lastFrameUrl, deps.media.resolve(rel));
    return rel;
  } catch {
    // A poster is a nicety: the video plays without it.
    return task.posterFile;
  }
}

/** True when the gateway gave a different result address than the one that failed. */
async function refreshRemoteUrl(deps: DownloadDeps, id: string): Promise<boolean> {
  const task = deps.tasks.get(id);
  if (!task) return false;
  try {
    const target = await deps.profiles.target(task.profileId);
    const reply = await getVideoTask(deps.client, target, task.taskId, { retries: 0 });
    const latest = deps.tasks.get(id);
    if (!latest || !reply.parsed.videoUrl || reply.parsed.videoUrl === latest.remoteUrl) return false;
    deps.tasks.put({
      ...latest,
      remoteUrl: reply.parsed.videoUrl,
      lastBody: reply.raw,
      seenAt: deps.clock.now(),
    });
    return true;
  } catch {
    return false;
  }
}
