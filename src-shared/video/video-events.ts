import type { VideoTaskView } from './video-task';

export interface VideoEvents {
  'video.updated': VideoTaskView;
  'video.removed': { id: string };
}
