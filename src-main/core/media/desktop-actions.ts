/**
 * What only the desktop shell can do, given to the core as an interface so the core stays
 * Electron-free. Browser mode implements it without native dialogs (see src-main/web).
 */
export interface DesktopActions {
  /** Asks where to save and copies the file there; null when the user cancels. */
  saveFileAs(sourcePath: string, suggestedName: string): Promise<string | null>;
  /** Writes text (an export) where the user picks; null when cancelled. */
  saveTextAs(text: string, suggestedName: string): Promise<string | null>;
  /**
   * The same for text already in UTF-8 (a big export, made in a worker thread and moved to main,
   * which then neither copies nor encodes it). Where absent, the bytes go to saveTextAs as text.
   */
  saveBytesAs?(bytes: Uint8Array, suggestedName: string): Promise<string | null>;
  /** A desktop notification, shown only when the window is not focused. */
  notify(title: string, body: string): void;
}
