import { lazy, Suspense } from 'react';
import { loadMessages, t } from '../../../i18n/i18n';

// The runs and the matrix are their own chunk, with their strings: an eval's editor opens without them.
const EvalRunsView = lazy(() =>
  Promise.all([import('./EvalRunsView'), loadMessages('evalRuns')]).then(([m]) => ({
    default: m.EvalRunsView,
  })),
);

/** The eval's Runs view, as the editor mounts it (features/evals/EvalEditor.tsx). */
export function EvalRuns({ evalId }: { evalId: string }) {
  return (
    <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
      <EvalRunsView evalId={evalId} />
    </Suspense>
  );
}
