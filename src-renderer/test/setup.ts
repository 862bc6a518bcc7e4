import '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadMessages, type MessagePart } from '../i18n/i18n';

// Components are rendered on their own here, not through the tabs that load their strings.
await Promise.all(
  (['errors', 'log', 'media', 'video', 'settings', 'judge'] satisfies MessagePart[]).map(loadMessages),
);

afterEach(() => cleanup());
