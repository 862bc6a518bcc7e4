import { z } from 'zod';
import { route } from '../define-route';
import { videoFormSchema, type VideoTaskView } from '../../core/video/video-task';

const byId = z.object({ id: z.string().min(1, 'is required') });

export const videoRoutes = {
  'video.tasks.create': route<VideoTaskView>()(videoFormSchema),
  'video.tasks.list': route<VideoTaskView[]>()(z.object({})),
  'video.tasks.remove': route<null>()(byId),
  'video.tasks.saveAs': route<{ path: string | null }>()(byId),
  'video.tasks.download': route<VideoTaskView>()(byId),
  'video.tasks.checkNow': route<VideoTaskView>()(byId),
};
