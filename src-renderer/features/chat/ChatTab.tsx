import { useEffect } from 'react';
import { ChatParamsPanel } from './ChatParamsPanel';
import { useChat } from './chat-store';
import { Composer } from './Composer';
import { ConversationList } from './ConversationList';
import { MessageList } from './MessageList';

export function ChatTab() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'n') {
        e.preventDefault();
        useChat.getState().newChat();
      } else if (e.key === 'Escape' && useChat.getState().live) {
        void useChat.getState().stop();
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
