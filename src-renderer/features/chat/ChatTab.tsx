import { useEffect } from 'react';
import { ChatParamsPanel } from './ChatParamsPanel';
import { openLive, useChat } from './chat-store';
import { Composer } from './Composer';
import { ConversationList } from './ConversationList';
import { MessageList } from './MessageList';

export function ChatTab() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'n') {
        e.preventDefault();
        useChat.getState().newChat();
      } else if (e.key === 'Escape' && openLive(useChat.getState())) {
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
        <MessageList />
        <Composer />
      </section>
      <ChatParamsPanel />
    </div>
  );
}
