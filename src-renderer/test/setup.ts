import '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadWorkbenchMessages } from '../i18n/i18n';

// Components are rendered on their own here, not through the Judge tab that loads these.
await loadWorkbenchMessages();

afterEach(() => cleanup());
