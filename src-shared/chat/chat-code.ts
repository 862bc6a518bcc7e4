import { z } from 'zod';
import type { CodeFile } from '../request/code-files';
import { chatRequestFields } from './chat-events';

/**
 * "View code" of a chat request: the model, prompt, parameters and whole history (the question
 * being written last, with its files), as `chat.reply` would take them. Main answers with the body
 * it would send, built by the same functions, each attached image standing as a file marker that
 * the code reads from disk (src-shared/request/code-files.ts), so no image's bytes cross to the
 * window for it.
 */
export const chatCodeSchema = z.object(chatRequestFields);
export type ChatCodeInput = z.input<typeof chatCodeSchema>;

export interface ChatCode {
  body: Record<string, unknown>;
  /** The attached images the body's markers stand for, in marker order. */
  files: CodeFile[];
}
