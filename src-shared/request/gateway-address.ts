/**
 * A profile's host may be typed as `https://h`, `https://h/`, `https://h/v1` or `https://h/v1/`.
 * The OpenAI-style endpoints live under `{host}/v1`; the judgement endpoint under
 * `{host}/<segment>/v1/systemone` on the same host. Shared by main's client and the window's
 * "View code", so the code shown calls the address the app calls.
 */
export function normalizeHost(input: string): string {
  let url = input.trim().replace(/\/+$/, '');
  if (/\/v1$/i.test(url)) url = url.slice(0, -3);
  return url.replace(/\/+$/, '');
}

export function judgeEndpoint(host: string, judgeSegment: string): string {
  const segment = judgeSegment.replace(/^\/+|\/+$/g, '') || 'partner';
  return `${normalizeHost(host)}/${segment}/v1/systemone`;
}

/** Single-quoted for a POSIX shell: a quote inside is closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
