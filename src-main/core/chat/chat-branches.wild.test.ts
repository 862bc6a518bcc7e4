import { describe, expect, it } from 'vitest';
import type { StartChatInput } from '../../../src-shared/chat/chat-events';
import { wildChat } from './wild-chat.test-helper';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { branchesAt } from '../../../src-shared/chat/branches';
import { StreamHub } from '../../ipc/stream-hub';
import { recordingSubscriber } from '../../ipc/stream-hub.test-helper';
import { conversationRepository } from '../db/conversation-repository';
import { StorageNotices } from '../storage/storage-notices';
import { CONTINUE_PROMPT } from './continuation';

const wild = wildChat();
const wildServices = () => wild.services();
const reply = (input: StartChatInput) => wild.reply(input);

const user = (content: string): StoredMessage => ({ role: 'user', content });
const texts = (ms: StoredMessage[]) => ms.map((m) => m.content);
const sent = () =>
  (wild.gw.requests.at(-1)?.json as { messages: { role: string; content: string }[] }).messages;

/** A conversation of two questions and their replies, as the window holds it. */
async function twoTurns(conversationId: string) {
  await reply({ conversationId, model: 'wild-default', messages: [user('Q1')] });
  const first = wild.t.services.chat.get(conversationId).messages;
  await reply({ conversationId, model: 'wild-default', messages: [...first, user('Q2')] });
  return wild.t.services.chat.get(conversationId).messages;
}

describe('chat versions: edit, regenerate, switch', () => {
  it('keeps a regenerated reply as a version and sends only the shown history', async () => {
    wildServices();
    const before = await twoTurns('conv-regen');
    const r = await reply({
      conversationId: 'conv-regen',
      model: 'wild-reasoner',
      messages: before.slice(0, 3),
    });
    expect(r.ended.type).toBe('done');
    const after = wild.t.services.chat.get('conv-regen').messages;
    expect(after).toHaveLength(4);
    expect(after[3].reasoning).toBe('Let me think. Six times seven is 42.');
    expect(branchesAt(after, 3).tails).toHaveLength(2);
    expect(branchesAt(after, 3).tails[0][0]).toMatchObject({
      content: before[3].content,
      stats: before[3].stats,
    });
    expect(texts(sent() as StoredMessage[])).toEqual(['Q1', before[1].content, 'Q2']);
  });

  it('keeps the edited question and the replies after it as a version', async () => {
    wildServices();
    const before = await twoTurns('conv-edit');
    await reply({ conversationId: 'conv-edit', model: 'wild-default', messages: [user('Q1, asked better')] });
    const after = wild.t.services.chat.get('conv-edit').messages;
    expect(texts(after)).toEqual(['Q1, asked better', 'The answer is 42.']);
    expect(texts(after[0].alternatives![0])).toEqual(texts(before));
    expect(sent()).toEqual([{ role: 'user', content: 'Q1, asked better' }]);
  });

  it('switches versions back and forth, and the next question follows the version shown', async () => {
    wildServices();
    const before = await twoTurns('conv-switch');
    await reply({ conversationId: 'conv-switch', model: 'wild-default', messages: [user('Other Q1')] });
    const back = wild.t.services.chat.switchBranch({ id: 'conv-switch', position: 0, index: 0 });
    expect(texts(back.messages)).toEqual(texts(before));
    expect(wild.t.services.chat.get('conv-switch').messages[0].branchIndex).toBe(0);
    await reply({
      conversationId: 'conv-switch',
      model: 'wild-default',
      messages: [...back.messages, user('Q3')],
    });
    expect(texts(sent() as StoredMessage[])).toEqual([...texts(before), 'Q3']);
    const forth = wild.t.services.chat.switchBranch({ id: 'conv-switch', position: 0, index: 1 });
    expect(texts(forth.messages)).toEqual(['Other Q1', 'The answer is 42.']);
    // The version set aside carries its new question with it.
    expect(texts(forth.messages[0].alternatives![0])).toHaveLength(6);
  });

  it('refuses a version that does not exist, naming the field', async () => {
    wildServices();
    expect(() => wild.t.services.chat.switchBranch({ id: 'nope', position: 0, index: 0 })).toThrow(
      /no longer exists/,
    );
    await twoTurns('conv-one-version');
    expect(() =>
      wild.t.services.chat.switchBranch({ id: 'conv-one-version', position: 1, index: 1 }),
    ).toThrow(/index: must name one of the versions at message 2/);
  });

  it('brings the earlier reply back when the app stopped before a regenerated one was saved', async () => {
    wildServices();
    const before = await twoTurns('conv-crash');
    // What a Regenerate saves before its reply: the history without the reply, the reply set aside.
    const repo = conversationRepository({ db: wild.t.database, notices: new StorageNotices() });
    const stored = repo.get('conv-crash')!;
    repo.put({
      ...stored,
      messages: before.slice(0, 3),
      pendingBranches: { position: 3, tails: [[before[3]]] },
    });
    // A new start (no reply under way) reads it back whole.
    const reopened = wild.t.services.chat.get('conv-crash');
    expect(reopened.messages).toEqual(before);
    expect(reopened.pendingBranches).toBeUndefined();
    expect(repo.get('conv-crash')?.pendingBranches).toBeUndefined();
  });
});

describe('Continue after a reply cut at the token limit', () => {
  it('sends the cut reply and asks for the rest, then saves one joined reply', async () => {
    wildServices();
    await reply({ conversationId: 'conv-long', model: 'wild-long', messages: [user('6 × 7?')] });
    const cut = wild.t.services.chat.get('conv-long').messages;
    expect(cut[1]).toMatchObject({ content: 'Six times seven', stats: { finishReason: 'length' } });
    const r = await reply({
      conversationId: 'conv-long',
      model: 'wild-long',
      messages: cut,
      continueReply: true,
    });
    expect(sent()).toEqual([
      { role: 'user', content: '6 × 7?' },
      { role: 'assistant', content: 'Six times seven' },
      { role: 'user', content: CONTINUE_PROMPT },
    ]);
    expect(r.ended.type).toBe('done');
    const after = wild.t.services.chat.get('conv-long').messages;
    expect(after).toHaveLength(2);
    expect(after[1].content).toBe('Six times seven is 42.');
    expect(after[1].stats?.finishReason).toBe('stop');
    expect(r.ended.message.content).toBe('Six times seven is 42.');
  });

  it('refuses to continue a reply that is not the saved last one', async () => {
    wildServices();
    await reply({ conversationId: 'conv-nolong', model: 'wild-long', messages: [user('6 × 7?')] });
    const stale = [user('6 × 7?'), { role: 'assistant' as const, content: 'something else' }];
    await expect(
      wild.t.services.chat.start(
        { conversationId: 'conv-nolong', model: 'wild-long', messages: stale, continueReply: true },
        new StreamHub().subscribe(recordingSubscriber().subscriber, 'reply-stale'),
      ),
    ).rejects.toThrow(/messages: must end with the conversation's last reply/);
  });
});
