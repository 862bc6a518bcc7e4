import { copyFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type BrowserWindow, dialog, Notification } from 'electron';
import type { DesktopActions } from '../core/media/desktop-actions';
import { isFocused } from './window-security';

export function electronDesktopActions(getWindow: () => BrowserWindow | undefined): DesktopActions {
  // End-to-end tests cannot click a native dialog: with GATEHOUSE_EXPORT_DIR set, files go there.
  const exportDir = process.env.GATEHOUSE_EXPORT_DIR;
  const ask = async (suggestedName: string) => {
    if (exportDir) return join(exportDir, basename(suggestedName));
    const win = getWindow();
    const options = { defaultPath: suggestedName };
    const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  };
  return {
    async saveFileAs(sourcePath, suggestedName) {
      const dest = await ask(suggestedName);
      if (dest) await copyFile(sourcePath, dest);
      return dest;
    },
    async saveTextAs(text, suggestedName) {
      const dest = await ask(suggestedName);
      if (dest) await writeFile(dest, text, { mode: 0o600 });
      return dest;
    },
    notify(title, body) {
      if (isFocused(getWindow()) || !Notification.isSupported()) return;
      new Notification({ title, body }).show();
    },
  };
}
