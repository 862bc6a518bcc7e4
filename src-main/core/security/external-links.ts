/** Only https: links leave the app; file:, javascript:, custom schemes and http: never do. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
