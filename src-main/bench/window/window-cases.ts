import type { PacedReply } from './pace-server';
import { codeBlockReply, markdownReply, oneParagraphReply, plainReply, toDeltas } from './reply-texts';

export interface StreamCase {
  name: string;
  reply: () => PacedReply;
  /** False when the reply is longer than a message may be: the app stops it, by design. */
  keepsAll: boolean;
}

/**
 * The replies of the table: 200,000 characters at 1,000 deltas a second (8 characters a
 * delta, as a fast model's tokens come), and the single huge blocks that used to freeze the window.
 */
export const STREAM_CASES: StreamCase[] = [
  { name: 'markdown 200K', reply: () => paced(markdownReply(200_000), 8), keepsAll: true },
  { name: 'plain 200K', reply: () => paced(plainReply(200_000), 8), keepsAll: true },
  { name: 'one code block 300K', reply: () => paced(codeBlockReply(300_000), 50), keepsAll: true },
  { name: 'one paragraph 300K', reply: () => paced(oneParagraphReply(300_000), 50), keepsAll: true },
  // 5 MB at 500 KB/s: the app keeps the first 2,000,000 characters (MAX_MESSAGE_CHARS) and stops.
  { name: 'one paragraph 5M', reply: () => paced(oneParagraphReply(5_000_000), 500), keepsAll: false },
];

function paced(text: string, deltaChars: number): PacedReply {
  return { deltas: toDeltas(text, deltaChars), perSecond: 1000 };
}
