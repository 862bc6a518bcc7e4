import { describe, expect, it } from 'vitest';
import type { StoredMessage } from './conversation';
import { conversationSchema, MAX_ALTERNATIVES } from './conversation';
import {
  attachPending,
  branchCount,
  branchesAt,
  branchPosition,
  mergeHistory,
  switchBranch,
} from './branches';

const user = (content: string): StoredMessage => ({ role: 'user', content });
const reply = (content: string): StoredMessage => ({ role: 'assistant', content });
const texts = (ms: StoredMessage[]) => ms.map((m) => m.content);

describe('mergeHistory', () => {
  const stored = [user('Q1'), reply('A1'), user('Q2'), reply('A2')];

  it('appends a new question without setting anything aside', () => {
    const merged = mergeHistory(stored, [...stored, user('Q3')]);
    expect(texts(merged.messages)).toEqual(['Q1', 'A1', 'Q2', 'A2', 'Q3']);
    expect(merged.pending).toBeUndefined();
  });

  it('keeps the edited question and everything after it as a version beside the new one', () => {
    const merged = mergeHistory(stored, [user('Q1'), reply('A1'), user('Q2 edited')]);
    expect(texts(merged.messages)).toEqual(['Q1', 'A1', 'Q2 edited']);
    const head = merged.messages[2];
    expect(texts(head.alternatives![0])).toEqual(['Q2', 'A2']);
    expect(branchCount(head)).toBe(2);
    expect(branchPosition(head)).toBe(1);
  });

  it('sets a regenerated reply aside until the new one is saved, then both are versions', () => {
    const merged = mergeHistory(stored, [user('Q1'), reply('A1'), user('Q2')]);
    expect(texts(merged.messages)).toEqual(['Q1', 'A1', 'Q2']);
    expect(merged.pending?.position).toBe(3);
    const saved = attachPending(reply('A2 again'), merged.pending!);
    expect(saved.content).toBe('A2 again');
    expect(saved.alternatives!.map(texts)).toEqual([['A2']]);
    expect(branchPosition(saved)).toBe(1);
  });

  it('takes the stored messages (with their versions) over the window copy of the shared part', () => {
    const withVersions = mergeHistory(stored, [user('Q1 edited')]).messages;
    const fromWindow = withVersions.map(({ alternatives: _a, ...m }) => m);
    const merged = mergeHistory(withVersions, [...fromWindow, user('Q again')]);
    expect(merged.messages[0].alternatives).toHaveLength(1);
  });

  it('does not keep a failed empty reply as a version, but keeps the versions it stood beside', () => {
    const failed = [user('Q'), { ...reply(''), error: { code: 'rate_limited', message: 'slow down' } }];
    expect(mergeHistory(failed, [user('Q')]).pending).toBeUndefined();
    const regenerated = [user('Q'), attachPending(failed[1], { tails: [[reply('good')]] })];
    const merged = mergeHistory(regenerated, [user('Q')]);
    expect(merged.pending?.tails.map(texts)).toEqual([['good']]);
  });

  it('keeps at most the allowed number of versions, dropping the oldest', () => {
    let messages: StoredMessage[] = [user('Q'), reply('v0')];
    for (let i = 1; i <= MAX_ALTERNATIVES + 2; i++) {
      const merged = mergeHistory(messages, [user('Q')]);
      messages = [...merged.messages, attachPending(reply(`v${i}`), merged.pending!)];
    }
    const last = messages[1];
    expect(branchCount(last)).toBe(MAX_ALTERNATIVES + 1);
    expect(last.alternatives![0][0].content).toBe('v2');
    expect(conversationSchema.shape.messages.safeParse(messages).success).toBe(true);
  });
});

describe('switchBranch', () => {
  it('flips through every version and back without losing one', () => {
    const first = mergeHistory([user('Q'), reply('A')], [user('Q')]);
    let messages = [...first.messages, attachPending(reply('B'), first.pending!)];
    const second = mergeHistory(messages, [user('Q')]);
    messages = [...second.messages, attachPending(reply('C'), second.pending!)];
    expect(branchesAt(messages, 1).tails.map(texts)).toEqual([['A'], ['B'], ['C']]);

    messages = switchBranch(messages, 1, 0);
    expect(messages[1].content).toBe('A');
    expect(branchPosition(messages[1])).toBe(0);
    expect(branchesAt(messages, 1).tails.map(texts)).toEqual([['A'], ['B'], ['C']]);
    messages = switchBranch(messages, 1, 1);
    expect(messages[1].content).toBe('B');
    expect(branchesAt(messages, 1).tails.map(texts)).toEqual([['A'], ['B'], ['C']]);
  });

  it('carries the later messages of a version with it, and their own versions', () => {
    const edited = mergeHistory([user('Q1'), reply('A1'), user('Q2'), reply('A2')], [user('Q1b')]);
    const nested = mergeHistory(edited.messages, [...edited.messages]).messages;
    let messages = [...nested, reply('A1b')];
    messages = switchBranch(messages, 0, 0);
    expect(texts(messages)).toEqual(['Q1', 'A1', 'Q2', 'A2']);
    messages = switchBranch(messages, 0, 1);
    expect(texts(messages)).toEqual(['Q1b', 'A1b']);
  });

  it('leaves the messages as they are for a version that does not exist', () => {
    const messages = [user('Q'), reply('A')];
    expect(switchBranch(messages, 1, 3)).toBe(messages);
  });
});
