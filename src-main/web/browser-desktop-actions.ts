import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { DesktopActions } from '../core/media/desktop-actions';
import { writeFileAtomic, writeFileAtomicAsync } from '../core/storage/atomic-file';
import { writingTo, writingToAsync } from '../core/storage/disk-full';

/**
 * Browser mode has no native save dialog: "save as" writes into one export folder and says
 * where, and notifications are printed. Development mode only.
 */
export function browserDesktopActions(exportDir: string): DesktopActions {
  const target = (name: string) => {
    mkdirSync(exportDir, { recursive: true });
    return join(exportDir, basename(name));
  };
  return {
    async saveFileAs(sourcePath, suggestedName) {
      const dest = target(suggestedName);
      writingTo(exportDir, statSync(sourcePath).size, () => copyFileSync(sourcePath, dest));
      return dest;
    },
    async saveTextAs(text, suggestedName) {
      const dest = target(suggestedName);
      writingTo(exportDir, Buffer.byteLength(text), () => writeFileAtomic(dest, text));
      return dest;
    },
    async saveBytesAs(bytes, suggestedName) {
      const dest = target(suggestedName);
      await writingToAsync(exportDir, bytes.byteLength, () => writeFileAtomicAsync(dest, bytes));
      return dest;
    },
    notify(title, body) {
      console.log(`[notification] ${title}: ${body}`);
    },
  };
}
