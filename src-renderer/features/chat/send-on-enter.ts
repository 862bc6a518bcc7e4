import type { KeyboardEvent } from 'react';

/**
 * Enter sends, Shift+Enter makes a new line, and Enter that confirms an input method's
 * composition (Chinese, Japanese) does neither: the composer's and the comparison's prompt.
 */
export function sendOnEnter(send: () => unknown) {
  return (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
}
