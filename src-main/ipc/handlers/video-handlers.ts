import type { Handlers } from '../handler-types';
import type { videoRoutes } from '../../../src-shared/ipc/routes/video-routes';
import type { AppServices } from '../services';

export function videoHandlers(s: AppServices): Handlers<typeof videoRoutes> {
  return {
    'video.tasks.create': (input) => s.video.create(input),
    'video.tasks.list': () => s.video.list(),
    'video.tasks.remove': ({ id }) => {
      s.video.remove(id);
      return null;
    },
    'video.tasks.saveAs': ({ id }) => s.video.saveAs(id),
    'video.tasks.download': ({ id }) => s.video.download(id),
    'video.tasks.checkNow': ({ id }) => s.video.checkNow(id),
    'video.tasks.cancel': ({ id }) => s.video.cancel(id),
    'video.tasks.resume': ({ id }) => s.video.resume(id),
    'video.tasks.form': ({ id }) => s.video.form(id),
  };
}
