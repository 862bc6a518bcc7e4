import { useEffect, useSyncExternalStore } from 'react';

type Render = (source: string) => string;

let render: Render | undefined;
let loading: Promise<Render> | undefined;
const listeners = new Set<() => void>();

/**
 * marked and DOMPurify are a third of the chat's code and nothing needs them until a message is
 * shown, so they load then, not at start (docs/architecture.md, "The window").
 */
export function loadMarkdownRenderer(): Promise<Render> {
  loading ??= import('./render-markdown').then((m) => {
    render = m.renderMarkdown;
    for (const l of listeners) l();
    return m.renderMarkdown;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The markdown renderer once loaded (asking for it on first use); undefined until then. */
export function useMarkdownRenderer(): Render | undefined {
  const current = useSyncExternalStore(subscribe, () => render);
  useEffect(() => {
    if (!current) void loadMarkdownRenderer();
  }, [current]);
  return current;
}
