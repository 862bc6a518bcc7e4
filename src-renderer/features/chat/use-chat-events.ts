import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onEvent } from '../../bridge/api';
import { useChat } from './chat-store';

/**
 * Mounted once by the shell. Replies stream through their own subscriptions (see chat-store);
 * this only hears that a conversation was saved, so the list refreshes and an open conversation
 * shows what main saved.
 */
export function useChatEvents(): void {
  const qc = useQueryClient();
  useEffect(
    () =>
      onEvent('chat.conversations.changed', (e) => {
        void qc.invalidateQueries({ queryKey: ['chat.conversations.list'] });
        void useChat.getState().conversationSaved(e.conversationId);
      }),
    [qc],
  );
}
