import type { Handlers } from '../handler-types';
import type { mediaRoutes } from '../../../src-shared/ipc/routes/media-routes';
import type { AppServices } from '../services';

export function mediaHandlers(s: AppServices): Handlers<typeof mediaRoutes> {
  return {
    'media.images.generate': (input) => s.mediaStudio.generateImages(input),
    'media.speech.create': (input) => s.mediaStudio.speak(input),
    'media.embeddings.run': (input) => s.mediaStudio.embed(input),
    'media.embeddings.vectors': ({ runId }) => s.mediaStudio.vectorsJson(runId),
    'media.history.list': ({ kind }) => s.mediaStudio.history(kind),
    'media.history.delete': ({ id }) => {
      s.mediaStudio.deleteEntry(id);
      return null;
    },
    'media.history.clear': ({ kind }) => s.mediaStudio.clear(kind),
    'media.save': ({ id, index }) => s.mediaStudio.save(id, index),
    'media.saveAll': ({ id }) => s.mediaStudio.saveAll(id),
  };
}
