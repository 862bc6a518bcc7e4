import '@testing-library/dom';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadMessages, type MessagePart } from '../i18n/i18n';

// Components are rendered on their own here, not through the tabs that load their strings.
await Promise.all(
  (['errors', 'log', 'media', 'video', 'settings', 'judge', 'evalRuns'] satisfies MessagePart[]).map(
    loadMessages,
  ),
);

// findBy*/waitFor give up after 1 s by default. These tests wait for state, never for a time, and
// on a loaded CI machine a query's refetch after a mutation can take longer than that.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
