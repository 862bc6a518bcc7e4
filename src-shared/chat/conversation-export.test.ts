import { describe, expect, it } from 'vitest';
import type { Conversation } from './conversation';
import { conversationSchema } from './conversation';
import { EXPORT_KIND, exportConversations } from './conversation-export';

const convo = (id: string, title: string): Conversation => ({
  id,
  title,
  createdAt: Date.UTC(2026, 10, 1, 9, 30),
  updatedAt: Date.UTC(2026, 10, 2, 10, 0),
  model: 'gpt-4o-mini',
  system: 'Be brief.',
  params: {},
  messages: [
    { role: 'user', content: 'What is **2+2**?' },
    { role: 'assistant', content: 'It is 4.', reasoning: 'Add them.\nDone.', stats: { totalMs: 12 } },
  ],
});
const now = new Date(Date.UTC(2026, 10, 24, 12, 0, 5));

describe('exporting conversations', () => {
  it('writes one conversation as Markdown named after its title', () => {
    const file = exportConversations([convo('a', 'Sums: 2+2 / 你好?')], 'markdown', now);
    expect(file.fileName).toBe('Sums-2-2-你好.md');
    expect(file.mime).toBe('text/markdown');
    expect(file.content).toBe(
      [
        '# Sums: 2+2 / 你好?',
        '',
        '- Model: `gpt-4o-mini`',
        '- Started: 2026-11-01T09:30:00.000Z',
        '- Last change: 2026-11-02T10:00:00.000Z',
        '',
        '## System prompt',
        '',
        'Be brief.',
        '',
        '## You',
        '',
        'What is **2+2**?',
        '',
        '## Assistant',
        '',
        '> Add them.',
        '> Done.',
        '',
        'It is 4.',
        '',
      ].join('\n'),
    );
  });

  it('writes several as one file, and JSON that reads back through the stored schema', () => {
    const list = [convo('a', 'One'), convo('b', 'Two')];
    const md = exportConversations(list, 'markdown', now);
    expect(md.fileName).toBe('conversations-2026-11-24-12-00-05.md');
    expect(md.content.split('\n---\n')).toHaveLength(2);
    const json = exportConversations(list, 'json', now);
    const parsed = JSON.parse(json.content) as { kind: string; conversations: unknown[] };
    expect(parsed.kind).toBe(EXPORT_KIND);
    expect(parsed.conversations.map((c) => conversationSchema.parse(c))).toEqual(list);
  });

  it('keeps a refusal and tool calls in the Markdown', () => {
    const c: Conversation = {
      ...convo('t', 'Tools'),
      messages: [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: '',
          refusal: 'I cannot.',
          toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
        },
        { role: 'tool', content: '{"temp":21}', toolCallId: 'c1', toolName: 'get_weather' },
      ],
    };
    const md = exportConversations([c], 'markdown', new Date(0)).content;
    expect(md).toContain('## Tool result: `get_weather`\n\n{"temp":21}');
    expect(md).toContain('**Refusal:** I cannot.');
    expect(md).toContain('**Tool call:** `get_weather`\n\n```json\n{"city":"Paris"}\n```');
  });

  it('names a question’s attached files in Markdown (the files stay in the data folder)', () => {
    const c = convo('a', 'Pictures');
    c.messages = [
      {
        role: 'user',
        content: 'What is this?',
        attachments: [
          { id: `${'a'.repeat(64)}.png`, name: 'shot.png', mime: 'image/png', size: 9, width: 1, height: 1 },
          { id: `${'b'.repeat(64)}.md`, name: 'notes.md', mime: 'text/markdown', size: 3 },
        ],
      },
    ];
    const md = exportConversations([c], 'markdown', new Date(0)).content;
    expect(md).toContain('What is this?\n\n**Attached:** `shot.png` (image/png), `notes.md` (text/markdown)');
  });
});
