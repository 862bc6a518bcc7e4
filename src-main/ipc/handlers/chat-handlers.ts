import { chatCode } from '../../core/chat/chat-code';
import type { Handlers } from '../handler-types';
import type { StreamHandlers } from '../stream-router';
import type { chatRoutes } from '../../../src-shared/ipc/routes/chat-routes';
import type { chatStreams } from '../../../src-shared/ipc/routes/chat-streams';
import type { AppServices } from '../services';
import { schemaTextProblems } from '../../core/chat/format-check';
import { checkToolArguments, toolSchemaProblems } from '../../core/chat/tool-schema-check';
import { ATTACHMENT_URL_ID } from '../../../src-shared/chat/attachment-rules';

export function chatHandlers(s: AppServices): Handlers<typeof chatRoutes> {
  return {
    'chat.conversations.list': () => s.chat.list(),
    'chat.conversations.get': ({ id }) => s.chat.get(id),
    'chat.conversations.head': ({ id, last, chars, least }) => s.chat.part(id, { last, chars, least }),
    'chat.conversations.messages': ({ id, from, to }) => {
      const { conversation, total } = s.chat.part(id, { from, to });
      return { messages: conversation.messages, total };
    },
    'chat.conversations.rename': ({ id, title }) => s.chat.rename(id, title),
    'chat.conversations.switchBranch': (input) => s.chat.switchBranch(input),
    'chat.conversations.pin': ({ id, pinned }) => s.chat.pin(id, pinned),
    'chat.conversations.search': ({ query }) => s.chat.search(query),
    'chat.conversations.export': ({ ids, format }) => {
      const file = s.chat.export(ids, format);
      return s.env.desktop.saveTextAs(file.content, file.fileName);
    },
    'chat.compare.keep': (input) => s.chat.keepCompared(input),
    // The body a request would send, read as a send reads its files (core/chat/chat-code.ts).
    'chat.code': (input) => chatCode(input, (ref) => s.attachments.read(ref)),
    'chat.attachments.add': async (input) => {
      const ref = await s.attachments.add(input);
      return { ref, url: s.env.mediaUrl(s.attachments.rel(ref.id)) };
    },
    'chat.attachments.urlTemplate': () => ({
      template: s.env.mediaUrl(`attachments/${ATTACHMENT_URL_ID}`),
    }),
    'chat.presets.list': () => s.presets.list(),
    'chat.presets.save': (input) => s.presets.save(input),
    'chat.presets.delete': ({ id }) => {
      s.presets.delete(id);
      return null;
    },
    'chat.schema.check': ({ text }) => schemaTextProblems(text),
    'chat.tools.checkSchema': ({ schema }) => toolSchemaProblems(schema),
    'chat.tools.checkArguments': ({ schema, arguments: args }) => checkToolArguments(schema, args),
    'chat.conversations.delete': ({ id }) => {
      s.chat.delete(id);
      return null;
    },
  };
}

export function chatStreamHandlers(s: AppServices): StreamHandlers<typeof chatStreams> {
  return {
    'chat.reply': (input, sink) => s.chat.start(input, sink),
    'chat.compare': (input, sink) => s.chat.compare(input, sink),
  };
}
