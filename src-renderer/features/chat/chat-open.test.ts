import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-shared/chat/conversation';
import { useChat } from './chat-store';

const conversation = (id: string, params: Conversation['params'], variables?: Record<string, string>) =>
  ({
    id,
    title: id,
    createdAt: 1,
    updatedAt: 1,
    model: 'm',
    system: '',
    params,
    variables,
    messages: [{ role: 'user', content: `hello from ${id}` }],
  }) as Conversation;

describe('opening a conversation', () => {
  beforeEach(() => useChat.setState({ params: {}, variables: {} }));

  it('keeps the parameters and variables objects when they are the same, so their panels do not re-render', () => {
    useChat.getState().open(conversation('a', { temperature: 0.5 }, { city: 'Paris' }));
    const { params, variables } = useChat.getState();
    useChat.getState().open(conversation('b', { temperature: 0.5 }, { city: 'Paris' }));
    expect(useChat.getState().messages[0].content).toBe('hello from b');
    expect(useChat.getState().params).toBe(params);
    expect(useChat.getState().variables).toBe(variables);
  });

  it('takes the conversation’s own when they differ', () => {
    useChat.getState().open(conversation('a', { temperature: 0.5 }, { city: 'Paris' }));
    useChat.getState().open(conversation('b', { temperature: 0.9 }, { city: 'Lyon' }));
    expect(useChat.getState().params).toEqual({ temperature: 0.9 });
    expect(useChat.getState().variables).toEqual({ city: 'Lyon' });
  });
});
