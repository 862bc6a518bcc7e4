import { join } from 'node:path';
import type { Page } from 'playwright';
import type { AttachmentRef } from '../../../src-shared/chat/attachments';
import type { Conversation, StoredMessage } from '../../../src-shared/chat/conversation';
import { AttachmentStore } from '../../core/attachments/attachment-store';
import { openDataFolder } from '../../core/db/open-data-folder';
import { createRepositories } from '../../core/db/repositories';
import { StorageNotices } from '../../core/storage/storage-notices';
import { encodePng } from '../../sandbox/png-encoder';
import type { AppProcess } from './app-process';
import { MainThread } from './main-thread';
import { END_MARKER, markdownReply } from './reply-texts';
import { SHORT_CHAT } from './seed-data';

export const IMAGE_CHAT = { id: 'bench-images', title: 'Fifty messages, twenty images' };
const IMAGES = 20;
const MESSAGES = 50;

/** A 1200×800 picture in bands of colours of its own, so each of the twenty is another file. */
function picture(n: number): Buffer {
  const width = 1200;
  const height = 800;
  const rgb = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const band = Math.floor(((p % width) / width) * 4);
    rgb.set([(n * 37 + band * 60) % 256, (n * 91) % 256, (band * 80 + n) % 256], p * 3);
  }
  return encodePng(width, height, rgb);
}

/**
 * Writes, before the app starts, a conversation of fifty messages whose first twenty questions
 * each carry an image, stored as the app stores attachments (docs/architecture.md, "Chat
 * attachments").
 */
export async function seedImageChat(dataDir: string): Promise<void> {
  const store = new AttachmentStore(join(dataDir, 'media'));
  const refs: AttachmentRef[] = [];
  for (let n = 0; n < IMAGES; n++)
    refs.push(
      await store.add({
        name: `screen-${n + 1}.png`,
        mime: 'image/png',
        data: picture(n).toString('base64'),
      }),
    );
  const messages: StoredMessage[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const turn = i / 2;
    messages.push(
      i % 2 === 0
        ? {
            role: 'user',
            content: `Picture question ${turn + 1}: what changed here?`,
            ...(turn < IMAGES ? { attachments: [refs[turn]] } : {}),
          }
        : {
            role: 'assistant',
            content: markdownReply(1200).replace(END_MARKER, ''),
            stats: { totalMs: 700 },
          },
    );
  }
  const conversation: Conversation = {
    ...IMAGE_CHAT,
    createdAt: 3,
    updatedAt: 3,
    model: 'bench-chat',
    system: '',
    params: {},
    extra: undefined,
    messages,
  };
  const notices = new StorageNotices();
  const db = openDataFolder(dataDir, notices);
  try {
    createRepositories({ db, notices }).conversations.put(conversation);
  } finally {
    db.close();
  }
}

/**
 * Main-thread work to open the image conversation from a short one (median of `rounds`), and what
 * the window holds of the images: thumbnails load from main's address, so the page has no
 * `data:` image and the conversation as the window gets it holds references only.
 */
export async function openImageChat(page: Page, app: AppProcess, rounds = 5) {
  const main = await MainThread.of(page);
  const list = page.getByRole('complementary', { name: 'Conversations' });
  const busy: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await list.getByText(SHORT_CHAT.title).click();
    await page.getByText('how does step 0 work?').waitFor();
    await page.waitForTimeout(300);
    busy.push(
      await main.busyDuring(async () => {
        await list.getByText(IMAGE_CHAT.title).click();
        await page.getByText(`Picture question ${MESSAGES / 2}:`).waitFor();
      }),
    );
  }
  const dataImages = await page.locator('img[src^="data:"]').count();
  const wire = JSON.stringify(await app.invoke('chat.conversations.get', { id: IMAGE_CHAT.id }));
  return {
    medianMs: busy.sort((a, b) => a - b)[Math.floor(busy.length / 2)],
    maxMs: Math.max(...busy),
    dataImages,
    conversationKb: wire.length / 1024,
    base64InConversation: wire.includes('base64'),
  };
}
