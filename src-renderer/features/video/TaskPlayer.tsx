import type { VideoTaskView } from '../../../src-shared/video/video-task';

/**
 * A small player in the card of a finished task. It plays the copy downloaded into the media
 * library (never the gateway's address, which expires and would need the CSP opened to it),
 * reads only the metadata until asked, and starts muted: a list of cards must never make noise
 * by itself, and nothing plays until the user presses play.
 */
export function TaskPlayer({ task, label }: { task: VideoTaskView; label: string }) {
  if (task.state !== 'succeeded' || !task.videoUrl) return null;
  return (
    <video
      className="video-player"
      src={task.videoUrl}
      poster={task.posterUrl}
      controls
      muted
      playsInline
      preload="metadata"
      aria-label={label}
    />
  );
}
