import type { Conversation } from './conversation';

export type ExportFormat = 'markdown' | 'json';

export interface ExportedFile {
  fileName: string;
  mime: string;
  content: string;
}

/** The JSON export's marker and version, so a later Gatehouse (or a script) knows what it reads. */
export const EXPORT_KIND = 'gatehouse.conversations';
export const EXPORT_VERSION = 1;

/**
 * Conversations as one file: Markdown to read (each a section with its model, dates, system
 * prompt and messages, a reply's thinking folded into a quote), or JSON holding the stored
 * records whole (every version, stats and parameters), to keep or to process.
 */
export function exportConversations(
  conversations: Conversation[],
  format: ExportFormat,
  now: Date,
): ExportedFile {
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const base = conversations.length === 1 ? slug(conversations[0].title) : `conversations-${stamp}`;
  if (format === 'json')
    return {
      fileName: `${base}.json`,
      mime: 'application/json',
      content: `${JSON.stringify(
        { kind: EXPORT_KIND, version: EXPORT_VERSION, exportedAt: now.toISOString(), conversations },
        null,
        2,
      )}\n`,
    };
  return {
    fileName: `${base}.md`,
    mime: 'text/markdown',
    content: conversations.map(conversationMarkdown).join('\n\n---\n\n'),
  };
}

function conversationMarkdown(c: Conversation): string {
  const lines = [
    `# ${c.title}`,
    '',
    `- Model: \`${c.model}\``,
    `- Started: ${new Date(c.createdAt).toISOString()}`,
    `- Last change: ${new Date(c.updatedAt).toISOString()}`,
  ];
  if (c.system.trim()) lines.push('', '## System prompt', '', c.system.trim());
  for (const m of c.messages) {
    const who =
      m.role === 'user'
        ? 'You'
        : m.role === 'tool'
          ? `Tool result${m.toolName ? `: \`${m.toolName}\`` : ''}`
          : 'Assistant';
    lines.push('', `## ${who}`, '');
    if (m.reasoning?.trim()) lines.push(m.reasoning.trim().replace(/^/gm, '> '), '');
    lines.push(m.content);
    // The files themselves stay in the data folder; the file names what was attached.
    if (m.attachments?.length)
      lines.push('', `**Attached:** ${m.attachments.map((a) => `\`${a.name}\` (${a.mime})`).join(', ')}`);
    // A refusal and tool calls are part of what the model said: kept in the file, labelled.
    if (m.refusal?.trim()) lines.push('', `**Refusal:** ${m.refusal.trim()}`);
    for (const call of m.toolCalls ?? []) {
      lines.push('', `**Tool call:** \`${call.name}\``, '', '```json', call.arguments, '```');
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A file name from a title: letters and digits of any script kept, the rest as dashes. */
function slug(title: string): string {
  const s = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return s || 'conversation';
}
