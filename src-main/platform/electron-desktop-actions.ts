import { copyFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writingToAsync } from '../core/storage/disk-full';
import { type BrowserWindow, dialog, Notification } from 'electron';
import type { DesktopActions } from '../core/media/desktop-actions';
import { isFocused } from './window-security';

/**
 * `testExportDir`: end-to-end tests cannot click a native dialog, so the test launcher may name
 * a folder that "save as" writes to without asking. The shipped app never passes one.
 */
export function electronDesktopActions(
  getWindow: () => BrowserWindow | undefined,
  testExportDir?: string,
): DesktopActions {
  const ask = async (suggestedName: string) => {
    if (testExportDir) return join(testExportDir, basename(suggestedName));
    const win = getWindow();
    const options = { defaultPath: suggestedName };
    const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  };
  return {
    async saveFileAs(sourcePath, suggestedName) {
      const dest = await ask(suggestedName);
      if (dest)
        await writingToAsync(dirname(dest), (await stat(sourcePath)).size, () => copyFile(sourcePath, dest));
      return dest;
    },
    async saveTextAs(text, suggestedName) {
      const dest = await ask(suggestedName);
      if (dest)
        await writingToAsync(dirname(dest), Buffer.byteLength(text), () =>
          writeFile(dest, text, { mode: 0o600 }),
        );
      return dest;
    },
    async saveBytesAs(bytes, suggestedName) {
      const dest = await ask(suggestedName);
      if (dest)
        await writingToAsync(dirname(dest), bytes.byteLength, () => writeFile(dest, bytes, { mode: 0o600 }));
      return dest;
    },
    notify(title, body) {
      if (isFocused(getWindow()) || !Notification.isSupported()) return;
      new Notification({ title, body }).show();
    },
  };
}
