import { type ComponentProps, lazy, Suspense } from 'react';
import { loadMessages } from '../i18n/i18n';
import type { ErrorNoticeBody } from './ErrorNoticeBody';
import type { AppError } from '../../src-shared/result';

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

/**
 * What an action ended with, under the control that started it: a done sentence as a status, or
 * the error with its next step, dismissable. Nothing while there is nothing to say.
 */
export function OutcomeNote({
  message,
  onDismiss,
}: {
  message: string | AppError | undefined;
  onDismiss: () => void;
}) {
  if (!message) return null;
  if (typeof message === 'string')
    return (
      <p className="small-note ok-text" role="status">
        {message}
      </p>
    );
  return <ErrorNotice error={message} onDismiss={onDismiss} />;
}
