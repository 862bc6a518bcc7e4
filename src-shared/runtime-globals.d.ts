/**
 * The few web-standard globals that every runtime of the app has (Node, Chromium, Electron).
 * The shared layer type-checks with neither DOM nor Node types, so it declares the part it uses.
 */
declare class URL {
  constructor(input: string, base?: string);
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly origin: string;
  readonly pathname: string;
  /** `?a=b`, or empty. */
  readonly search: string;
}

declare class URLSearchParams {
  /** `?a=b&c=d` or `a=b&c=d`. */
  constructor(init?: string);
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
