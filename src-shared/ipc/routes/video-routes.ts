import { z } from 'zod';
import { route } from '../define-route';
import { RECORD_ID_MAX } from '../../input-limits';
import type { VideoForm } from '../../video/video-request';
import { videoFormInputSchema, type VideoTaskView } from '../../video/video-task';

const byId = z.object({
  id: z.string().min(1, 'is required').max(RECORD_ID_MAX, `must be at most ${RECORD_ID_MAX} characters`),
});

export const videoRoutes = {
  'video.tasks.create': route<VideoTaskView>()(videoFormInputSchema),
  'video.tasks.list': route<VideoTaskView[]>()(z.object({})),
  'video.tasks.remove': route<null>()(byId),
  'video.tasks.saveAs': route<{ path: string | null }>()(byId),
  'video.tasks.download': route<VideoTaskView>()(byId),
  'video.tasks.checkNow': route<VideoTaskView>()(byId),
  /** DELETE on the task path (not in the spec: the gateway may refuse). */
  'video.tasks.cancel': route<VideoTaskView>()(byId),
  /** Checks again a task whose polling stopped after the total wait. */
  'video.tasks.resume': route<VideoTaskView>()(byId),
  /** The full form of a task, picked images included (events and lists carry placeholders). */
  'video.tasks.form': route<VideoForm>()(byId),
};
