import { streamedChatBody } from '../../../src-shared/request/chat-body';
import { parseExtraText } from '../../../src-shared/request/extra-body';
import { fillVariables } from '../../../src-shared/chat/prompt-variables';
import { ExtraFieldsEditor } from '../../app/ExtraFieldsEditor';
import { RequestPreview } from '../../app/RequestPreview';
import { t } from '../../i18n/i18n';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { call } from '../../bridge/api';
import { useAttachmentDraft } from './attachment-draft';
import { usedVariables, useChat } from './chat-store';

/**
 * The chat form's extra body fields and the body the next message goes out with. The preview
 * shows the system prompt and the message being typed; earlier turns are sent too but left out
 * here, or a long conversation would bury the fields the preview is for.
 */
export function ChatExtraFields() {
  // One selector each: the whole store changes on every streamed frame, these do not.
  const model = useChat((s) => s.model);
  const system = useChat((s) => s.system);
  const params = useChat((s) => s.params);
  const draft = useChat((s) => s.draft);
  const extraText = useChat((s) => s.extraText);
  const setExtraText = useChat((s) => s.setExtraText);
  const hasHistory = useChat((s) => s.messages.length > 0);
  const variables = useChat((s) => s.variables);
  const extra = parseExtraText(extraText, 'chat');
  const body = streamedChatBody({
    model,
    messages: [
      ...(system.trim() ? [{ role: 'system' as const, content: fillVariables(system, variables) }] : []),
      { role: 'user' as const, content: fillVariables(draft, variables) },
    ],
    ...params,
    extra: extra.ok ? extra.value : undefined,
  });
  // View code shows the whole request: main builds it from the history, the question being
  // written and its files, as the send would (src-shared/chat/chat-code.ts).
  const loadCode = () => {
    const s = useChat.getState();
    const files = useAttachmentDraft
      .getState()
      .files.flatMap((f) => (f.state === 'ready' && f.ref ? [f.ref] : []));
    const question: StoredMessage = {
      role: 'user',
      content: s.draft,
      ...(files.length ? { attachments: files } : {}),
    };
    const messages = [...s.messages, question];
    return call('chat.code', {
      model: s.model,
      system: s.system,
      params: s.params,
      ...(extra.ok && extra.value ? { extra: extra.value } : {}),
      ...usedVariables(s.system, messages, s.variables),
      messages,
    });
  };
  return (
    <>
      <ExtraFieldsEditor id="chat-extra" endpoint="chat" text={extraText} onChange={setExtraText} />
      <RequestPreview
        codeKind="chat"
        body={body}
        loadCode={loadCode}
        note={hasHistory ? t('preview.chatHistory') : undefined}
      />
    </>
  );
}
