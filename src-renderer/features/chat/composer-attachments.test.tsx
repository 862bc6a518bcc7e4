import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AddAttachmentInput, AttachmentRef } from '../../../src-shared/chat/attachments';
import { installFakeBridge } from '../../test/fake-bridge';
import { useAttachmentDraft } from './attachment-draft';
import { useChat } from './chat-store';
import { useCompare } from './compare-store';
import { Composer } from './Composer';
import { MessageList } from './MessageList';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

beforeEach(() => {
  useChat.setState({
    messages: [],
    draft: '',
    model: 'sandbox-chat-1',
    live: {},
    error: undefined,
    conversationId: undefined,
  });
  useAttachmentDraft.setState({ files: [], downscale: true, detail: 'auto' });
});

/** A bridge whose main keeps every file it is sent and answers with its reference. */
function bridgeKeepingFiles() {
  let n = 0;
  const refs = new Map<string, AttachmentRef>();
  const bridge = installFakeBridge({
    'chat.attachments.add': (raw) => {
      const input = raw as AddAttachmentInput;
      const id = `${String(++n).repeat(64)}.${input.mime === 'image/png' ? 'png' : 'txt'}`;
      const ref: AttachmentRef = {
        id,
        name: input.name,
        mime: input.mime,
        size: atob(input.data).length,
        ...(input.mime === 'image/png' ? { width: 2, height: 1, detail: 'auto' as const } : {}),
      };
      refs.set(input.name, ref);
      return { ref, url: `media://attachments/${id}` };
    },
    'chat.attachments.urlTemplate': () => ({ template: 'media://attachments/ATTACHMENT-ID' }),
    'chat.reply': (input) => ({ conversationId: (input as { conversationId: string }).conversationId }),
  });
  const added = () =>
    bridge.calls.filter((c) => c.route === 'chat.attachments.add').map((c) => c.input as AddAttachmentInput);
  const byName = (name: string) => added().find((a) => a.name === name);
  return { bridge, added, byName, refs };
}

const chips = () => within(screen.getByRole('list', { name: 'Attached files' }));

describe('Composer attachments', () => {
  it('adds a picked image and a code file once each, shows them, and sends their references with the detail chosen', async () => {
    const { bridge, added, byName, refs } = bridgeKeepingFiles();
    const { container } = render(<Composer />);
    const input = screen.getByTestId('attach-input');
    fireEvent.change(input, {
      target: {
        files: [
          new File([PNG], 'shot.png', { type: 'image/png' }),
          new File(['let a = 1;\n'], 'main.ts', { type: '' }),
        ],
      },
    });
    await waitFor(() => expect(added()).toHaveLength(2));
    // Each file's bytes went once, as base64; a code file without a type is sent as text/plain.
    expect(byName('shot.png')).toEqual({
      name: 'shot.png',
      mime: 'image/png',
      data: btoa(String.fromCharCode(...PNG)),
    });
    expect(byName('main.ts')).toEqual({ name: 'main.ts', mime: 'text/plain', data: btoa('let a = 1;\n') });
    await waitFor(() =>
      expect(container.querySelector('img.attachment-thumb')?.getAttribute('src')).toBe(
        `media://attachments/${refs.get('shot.png')!.id}`,
      ),
    );
    expect(chips().getByText('main.ts')).toBeTruthy();
    expect(screen.getByLabelText('Downscale to 1568 px long side')).toHaveProperty('checked', true);
    fireEvent.change(screen.getByLabelText('Image detail'), { target: { value: 'high' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'What is this?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bridge.calls.some((c) => c.route === 'chat.reply')).toBe(true));
    const sent = bridge.calls.find((c) => c.route === 'chat.reply')!.input as {
      messages: { attachments?: AttachmentRef[] }[];
    };
    // In the order picked, whatever order main answered in; the images with the detail chosen.
    expect(sent.messages[0].attachments).toEqual([
      { ...refs.get('shot.png'), size: PNG.length, width: 2, height: 1, detail: 'high' },
      { ...refs.get('main.ts'), mime: 'text/plain', size: 11 },
    ]);
    // The composer is empty again.
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
  });

  it('takes images pasted into the box and dropped on the composer; text pasted stays text', async () => {
    const { added } = bridgeKeepingFiles();
    const { container } = render(<Composer />);
    const box = screen.getByLabelText('Message');
    fireEvent.paste(box, {
      clipboardData: { files: [new File([PNG], '', { type: 'image/png' })], types: ['Files'] },
    });
    await waitFor(() => expect(added()).toHaveLength(1));
    // A screenshot pasted has no name: it gets one.
    expect(added()[0].name).toBe('pasted.png');
    const composer = container.querySelector('.composer')!;
    fireEvent.dragOver(composer, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByText('Drop files to attach them')).toBeTruthy();
    fireEvent.drop(composer, {
      dataTransfer: { types: ['Files'], files: [new File([PNG], 'dropped.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(added()).toHaveLength(2));
    expect(added()[1].name).toBe('dropped.png');
    expect(screen.queryByText('Drop files to attach them')).toBeNull();
    fireEvent.paste(box, { clipboardData: { files: [], types: ['text/plain'] } });
    expect(added()).toHaveLength(2);
  });

  it('removes a file before sending, refuses what it cannot send, and sends a question of files alone', async () => {
    const { bridge, added } = bridgeKeepingFiles();
    render(<Composer />);
    fireEvent.change(screen.getByTestId('attach-input'), {
      target: {
        files: [
          new File([PNG], 'keep.png', { type: 'image/png' }),
          new File([PNG], 'drop.png', { type: 'image/png' }),
          new File(['%PDF'], 'paper.pdf', { type: 'application/pdf' }),
        ],
      },
    });
    await waitFor(() => expect(added()).toHaveLength(2));
    expect(chips().getByRole('alert').textContent).toContain(
      'paper.pdf was not added: only images (PNG, JPEG, WebP, GIF) and text files',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove drop.png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove paper.pdf' }));
    // No words: the files alone are the question.
    const send = screen.getByRole('button', { name: 'Send' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(bridge.calls.some((c) => c.route === 'chat.reply')).toBe(true));
    const sent = bridge.calls.find((c) => c.route === 'chat.reply')!.input as {
      messages: { content: string; attachments: AttachmentRef[] }[];
    };
    expect(sent.messages[0].content).toBe('');
    expect(sent.messages[0].attachments.map((a) => a.name)).toEqual(['keep.png']);
  });

  it('puts the files back when the send is refused', async () => {
    bridgeKeepingFiles();
    installFakeBridge({
      'chat.attachments.add': () => ({
        ref: {
          id: `${'9'.repeat(64)}.png`,
          name: 'x.png',
          mime: 'image/png',
          size: 3,
          width: 1,
          height: 1,
          detail: 'auto',
        },
        url: 'media://x',
      }),
      'chat.reply': () => {
        throw { code: 'no_key', message: 'no key' };
      },
    });
    render(<Composer />);
    fireEvent.change(screen.getByTestId('attach-input'), {
      target: { files: [new File([PNG], 'x.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(useAttachmentDraft.getState().files[0]?.state).toBe('ready'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('alert');
    expect(chips().getByText('x.png')).toBeTruthy();
  });

  it('shows a sent question’s thumbnails from main’s address, large on a click, closed by Escape', async () => {
    bridgeKeepingFiles();
    const shot: AttachmentRef = {
      id: `${'c'.repeat(64)}.png`,
      name: 'chart.png',
      mime: 'image/png',
      size: 2048,
      width: 640,
      height: 480,
      detail: 'auto',
    };
    const notes: AttachmentRef = {
      id: `${'d'.repeat(64)}.md`,
      name: 'notes.md',
      mime: 'text/markdown',
      size: 900,
    };
    act(() =>
      useChat.setState({ messages: [{ role: 'user', content: 'Explain', attachments: [shot, notes] }] }),
    );
    render(<MessageList />);
    const open = await screen.findByRole('button', { name: 'Open chart.png (640×480)' });
    await waitFor(() =>
      expect(open.querySelector('img')?.getAttribute('src')).toBe(`media://attachments/${shot.id}`),
    );
    expect(screen.getByText('notes.md, 900 B')).toBeTruthy();
    fireEvent.click(open);
    const viewer = await screen.findByRole('dialog', { name: 'Image chart.png' });
    expect(within(viewer).getByRole('img', { name: 'chart.png' }).getAttribute('src')).toBe(
      `media://attachments/${shot.id}`,
    );
    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the composer’s files with a side-by-side prompt to every column', async () => {
    const bridge = installFakeBridge({ 'chat.compare': () => ({ profileId: 'p' }) });
    const ref: AttachmentRef = {
      id: `${'e'.repeat(64)}.png`,
      name: 'ui.png',
      mime: 'image/png',
      size: 3,
      width: 1,
      height: 1,
      detail: 'auto',
    };
    useAttachmentDraft.getState().restore([ref]);
    act(() => useAttachmentDraft.getState().setDetail('low'));
    useCompare.setState({
      prompt: '',
      columns: useCompare.getState().columns.map((c, i) => ({ ...c, model: `model-${i}` })),
    });
    await act(() => useCompare.getState().send());
    const sends = bridge.calls.filter((c) => c.route === 'chat.compare');
    expect(sends).toHaveLength(2);
    for (const s of sends)
      expect((s.input as { messages: unknown[] }).messages).toEqual([
        { role: 'user', content: '', attachments: [{ ...ref, detail: 'low' }] },
      ]);
    expect(useAttachmentDraft.getState().files).toEqual([]);
  });
});
