import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onEvent } from '../../bridge/api';
import { onDelta, onFinished } from './chat-store';

/** Mounted once by the shell, so a reply keeps streaming while another tab is open. */
export function useChatEvents(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const refresh = () => void qc.invalidateQueries({ queryKey: ['chat.conversations.list'] });
    const offs = [
      // The new conversation is in the list from the moment it is saved, not when the reply ends.
      onEvent('chat.started', refresh),
      onEvent('chat.delta', (e) => onDelta(e.requestId, e.text)),
      onEvent('chat.done', (e) => {
        onFinished(e.requestId, e.message);
        refresh();
      }),
      onEvent('chat.error', (e) => {
        onFinished(e.requestId, e.message);
        refresh();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [qc]);
}
