import type { Conversation, StoredMessage } from '../../../src-shared/chat/conversation';
import { withBranches } from '../../../src-shared/chat/branches';

/** The branch fields of a message, to carry over to the message that takes its place. */
export function branchFieldsOf(m: StoredMessage): Pick<StoredMessage, 'alternatives' | 'branchIndex'> {
  return m.alternatives ? { alternatives: m.alternatives, branchIndex: m.branchIndex } : {};
}

/** The conversation as it was before a Regenerate whose reply was never saved. */
export function restorePending(c: Conversation): Conversation {
  const { pendingBranches, ...rest } = c;
  if (!pendingBranches || pendingBranches.position !== c.messages.length || !pendingBranches.tails.length) {
    return rest;
  }
  const { tails } = pendingBranches;
  return { ...rest, messages: withBranches(c.messages, tails, tails.length - 1) };
}
