import { type ComponentProps, lazy, Suspense } from 'react';
import { loadMessages } from '../i18n/i18n';
import type { ErrorNoticeBody } from './ErrorNoticeBody';

/**
 * The notice and the words of every error load when the first error is shown: a first screen
 * without one carries neither (docs/architecture.md, "The window").
 */
const LazyBody = lazy(() =>
  Promise.all([import('./ErrorNoticeBody'), loadMessages('errors')]).then(([m]) => ({
    default: m.ErrorNoticeBody,
  })),
);

/** An error as help: what happened and what to do next, with the gateway's own words. */
export function ErrorNotice(props: ComponentProps<typeof ErrorNoticeBody>) {
  return (
    <Suspense fallback={null}>
      <LazyBody {...props} />
    </Suspense>
  );
}
