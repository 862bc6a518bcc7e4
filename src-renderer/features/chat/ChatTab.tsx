import { useEffect } from 'react';
import { ChatParamsPanel } from './ChatParamsPanel';
import { openLive, useChat } from './chat-store';
import { Composer } from './Composer';
import { CompareView } from './lazy-chat-parts';
import { isStreaming, useCompare } from './compare-store';
import { ConversationList } from './ConversationList';
import { MessageList } from './MessageList';

export function ChatTab() {
  const comparing = useCompare((s) => s.active);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const compare = useCompare.getState();
      if ((e.ctrlKey || e.metaKey) && e.shiftKey && e.key.toLowerCase() === 'm') {
        e.preventDefault();
        compare.setActive(!compare.active);
      } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'n') {
        e.preventDefault();
        compare.setActive(false);
        useChat.getState().newChat();
      } else if (e.key === 'Escape' && compare.active && compare.columns.some(isStreaming)) {
        compare.stopAll();
      } else if (e.key === 'Escape' && !compare.active && openLive(useChat.getState())) {
        // Stops the open conversation's reply only; others go on streaming.
        useChat.getState().stop();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="chat-layout">
      <ConversationList />
      <section className="chat-main">
        {comparing ? (
          <CompareView />
        ) : (
          <>
            <MessageList />
            <Composer />
          </>
        )}
      </section>
      <ChatParamsPanel />
    </div>
  );
}
