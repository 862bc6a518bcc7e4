import { tokenize } from './code-tokens';

/**
 * Tokenizes code off the page's main thread: a grammar's first use compiles hundreds of regular
 * expressions (about 100 ms for TypeScript), which on the page would stall a streaming frame.
 */
export interface HighlightRequest {
  id: number;
  code: string;
  label: string;
}

self.onmessage = (e: MessageEvent<HighlightRequest>) => {
  const { id, code, label } = e.data;
  tokenize(code, label).then(
    (lines) => self.postMessage({ id, lines }),
    (err: unknown) => self.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
};
