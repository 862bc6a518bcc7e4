import type { StorageNotice } from '../../../src-shared/log/log-entry';

/** Files that failed to parse and were moved aside; the window is told so the user knows. */
export class StorageNotices {
  private notices: StorageNotice[] = [];
  private listeners = new Set<(n: StorageNotice) => void>();

  add(notice: StorageNotice): void {
    this.notices.push(notice);
    for (const l of this.listeners) l(notice);
  }

  list(): StorageNotice[] {
    return [...this.notices];
  }

  onNotice(listener: (n: StorageNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
