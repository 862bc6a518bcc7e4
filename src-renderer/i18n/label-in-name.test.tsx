import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyMessageButton } from '../features/chat/MessageItem';
import { en } from './en';
import { type Catalog, type MessageKey, speakForTests } from './i18n';
import { zhCN } from './zh-CN';

/** Buttons that show one string and are named by another, fuller one: [shown, name]. */
const SHOWN_IN_NAME: [MessageKey, MessageKey][] = [
  ['images.saveAll', 'images.saveAllNamed'],
  ['speech.playButton', 'speech.playNamed'],
  ['embeddings.open', 'embeddings.openNamed'],
  ['common.copy', 'chat.copyReply'],
  ['common.copy', 'chat.copyQuestion'],
];

/** What a screen reader user says to reach the button: the words, not a leading symbol (▶). */
const words = (text: string) => text.replace(/^[^\p{L}\p{N}]+/u, '').trim();

describe('a button’s name contains the words it shows (WCAG 2.5.3)', () => {
  afterEach(() => speakForTests('en', en as Catalog));

  it.each([
    ['en', en],
    ['zh-CN', zhCN],
  ] as const)('in %s', (_, catalog) => {
    for (const [shown, name] of SHOWN_IN_NAME)
      expect(catalog[name], `${name} holds ${shown}`).toContain(words(catalog[shown]));
  });

  it('names the message’s Copy button by what it shows once copied', async () => {
    speakForTests('zh-CN', zhCN);
    const writeText = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    render(<CopyMessageButton text="答案" label={zhCN['chat.copyReply']} />);
    fireEvent.click(screen.getByRole('button', { name: '复制回复' }));
    expect(await screen.findByRole('button', { name: '已复制' })).toBeTruthy();
  });
});
