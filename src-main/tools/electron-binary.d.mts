// Types for electron-binary.mjs, which stays plain JavaScript so bare `node` runs it at install time.
export type ElectronBinaryState =
  { installed: true; executable: string } | { installed: false; missing: string };

export function electronBinaryState(
  electronDir: string | undefined,
  env: NodeJS.ProcessEnv,
): ElectronBinaryState;
export function missingBinarySentence(missing: string): string;
export function skipDownloadReason(env: NodeJS.ProcessEnv): string | undefined;
export function downloadSource(env: NodeJS.ProcessEnv): string;
export function downloadFailedSentence(reason: string): string;
