import type { Handlers } from '../../../src-shared/ipc/define-route';
import type { chatRoutes } from '../../../src-shared/ipc/routes/chat-routes';
import type { AppServices } from '../services';

export function chatHandlers(s: AppServices): Handlers<typeof chatRoutes> {
  return {
    'chat.stream.start': (input) => s.chat.start(input),
    'chat.stream.abort': ({ requestId }) => s.chat.abort(requestId),
    'chat.conversations.list': () => s.chat.list(),
    'chat.conversations.get': ({ id }) => s.chat.get(id),
    'chat.conversations.rename': ({ id, title }) => s.chat.rename(id, title),
    'chat.conversations.delete': ({ id }) => {
      s.chat.delete(id);
      return null;
    },
  };
}
