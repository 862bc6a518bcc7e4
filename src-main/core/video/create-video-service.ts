import type { GatewayClient } from '../gateway/gateway-client';
import type { DesktopActions } from '../media/desktop-actions';
import type { MediaLibrary, MediaUrlFor } from '../media/media-library';
import type { ProfileService } from '../profiles/profile-service';
import type { Repositories } from '../db/repositories';
import { type VideoEmit, VideoService } from './video-service';

/** Wires the video service for createServices (one line there); its poller starts with the app's background work. */
export function createVideoService(env: {
  repos: Pick<Repositories, 'videoTasks'>;
  client: GatewayClient;
  profiles: ProfileService;
  media: MediaLibrary;
  desktop: DesktopActions;
  mediaUrl: MediaUrlFor;
  emit: (name: never, payload: never) => void;
}): VideoService {
  const service = new VideoService({
    client: env.client,
    profiles: env.profiles,
    tasks: env.repos.videoTasks,
    media: env.media,
    desktop: env.desktop,
    mediaUrl: env.mediaUrl,
    // The app's EventMap extends VideoEvents, so every video event is a valid app event.
    emit: env.emit as unknown as VideoEmit,
  });
  return service;
}
