import type { VideoContentItem } from '../../../src-shared/video/video-request';
import type { VideoTask } from '../../../src-shared/video/video-task';

/**
 * A picked image travels as a data: URL of up to 15 M characters. The window gets a task on
 * every status event, so it receives a short placeholder instead; the saved task keeps the
 * whole request (see `VideoService.form` for a re-run). The placeholder is deliberately not a
 * valid image address, so it can never be sent by mistake.
 */
export function omitDataUrl(url: string): string {
  if (!url.startsWith('data:')) return url;
  const mime = url.slice(5, Math.max(5, url.search(/[;,]/))) || 'data';
  return `[${mime} picked from disk, ${url.length} characters, omitted here]`;
}

export function isOmittedDataUrl(url: string): boolean {
  return /^\[[^\]]* picked from disk, \d+ characters, omitted here\]$/.test(url);
}

/** The task with every data: URL replaced by its placeholder. */
export function slimTask(task: VideoTask): VideoTask {
  if (!task.form.images.some((i) => i.url.startsWith('data:'))) return task;
  return {
    ...task,
    form: { ...task.form, images: task.form.images.map((i) => ({ ...i, url: omitDataUrl(i.url) })) },
    request: {
      ...task.request,
      content: task.request.content.map((c): VideoContentItem =>
        c.type === 'image_url' ? { ...c, image_url: { url: omitDataUrl(c.image_url.url) } } : c,
      ),
    },
  };
}
